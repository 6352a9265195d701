; A weak function may be replaced by another definition at link time, so its
; callers must keep calling it: it is never RAUW'd, never aliased, only turned
; into a thunk to the survivor. This holds with and without unnamed_addr.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g1 (thunk)
; PRINT-NEXT: removing identical function g2 (thunk)

; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define weak i32 @g1(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define weak i32 @g2(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @g1(i32 1)
; CHECK-NEXT: %b = call i32 @g2(i32 2)
; CHECK-NEXT: store ptr @g1, ptr %slot
; CHECK-NEXT: store ptr @g2, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g2(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g1(i32 1)
  %b = call i32 @g2(i32 2)
  store ptr @g1, ptr %slot
  store ptr @g2, ptr %slot
  %r = add i32 %a, %b
  ret i32 %r
}
