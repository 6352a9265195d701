; Mode `all` gives up address identity, not interposition: a weak twin may
; still be replaced by another definition at link time, so even in `all`
; mode its callers keep calling it and it only becomes a thunk.
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (thunk)

; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define weak i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @g(i32 1)
; CHECK-NEXT: store ptr @g, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
