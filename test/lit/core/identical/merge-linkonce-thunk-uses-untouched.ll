; A linkonce (non-ODR) function is interposable: another module's copy may
; differ, and the linker may pick it. Its callers keep calling it and it is
; not erased even with unnamed_addr; it only becomes a thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g1 (thunk)
; PRINT-NEXT: removing identical function g2 (thunk)

; CHECK-LABEL: define linkonce i32 @g1(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define linkonce i32 @g2(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @g1(i32 1)
; CHECK-NEXT: %b = call i32 @g2(i32 2)
; CHECK-NEXT: store ptr @g1, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce i32 @g1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce i32 @g2(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g1(i32 1)
  %b = call i32 @g2(i32 2)
  store ptr @g1, ptr %slot
  %r = add i32 %a, %b
  ret i32 %r
}
