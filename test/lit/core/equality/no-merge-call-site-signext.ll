; ABI attributes on call sites must match too: passing an i8 `signext`
; versus `zeroext` to the same callee puts different bits in the register.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %v = call i32 @ext(i8 signext %c)
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %v = call i32 @ext(i8 zeroext %c)

declare i32 @ext(i8)

define i32 @f(i8 %c) {
  %v = call i32 @ext(i8 signext %c)
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(i8 %c) {
  %v = call i32 @ext(i8 zeroext %c)
  %r = add i32 %v, 1
  ret i32 %r
}
