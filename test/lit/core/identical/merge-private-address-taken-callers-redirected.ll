; A private twin without unnamed_addr whose address is stored: its address
; must stay distinct, so it becomes a thunk; the direct call goes to the
; survivor and the stored address still names @g.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-LABEL: define private i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: store ptr @g, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define private i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
