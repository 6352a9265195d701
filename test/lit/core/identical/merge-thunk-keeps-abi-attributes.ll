; A thunk's call must pass arguments exactly as the body expects them: the
; ABI attributes of the body's parameters and return value (byval, signext,
; zeroext) appear on the call, or the callee would read garbage.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-LABEL: define signext i16 @g(ptr byval(%struct.S) align 8 %s, i8 zeroext %c) {
; CHECK-NEXT: [[R:%.*]] = tail call signext i16 @f(ptr byval(%struct.S) align 8 %s, i8 zeroext %c)
; CHECK-NEXT: ret i16 [[R]]

%struct.S = type { i64, i64, i64 }

define signext i16 @f(ptr byval(%struct.S) align 8 %s, i8 zeroext %c) {
  %v = load i64, ptr %s, align 8
  %t = trunc i64 %v to i16
  %e = zext i8 %c to i16
  %r = add i16 %t, %e
  ret i16 %r
}

define signext i16 @g(ptr byval(%struct.S) align 8 %s, i8 zeroext %c) {
  %v = load i64, ptr %s, align 8
  %t = trunc i64 %v to i16
  %e = zext i8 %c to i16
  %r = add i16 %t, %e
  ret i16 %r
}
