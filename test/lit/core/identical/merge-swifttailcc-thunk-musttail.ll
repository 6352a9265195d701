; swifttailcc (and tailcc) guarantee tail calls; a thunk in such a convention
; must itself guarantee it, so its call to the survivor is `musttail` with
; the same convention.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-LABEL: define swifttailcc i32 @g(
; CHECK-NEXT: [[R:%.*]] = musttail call swifttailcc i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]

define swifttailcc i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define swifttailcc i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
