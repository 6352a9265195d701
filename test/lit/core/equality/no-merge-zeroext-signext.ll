; zeroext and signext say who extends a narrow argument and how; a body that
; trusts the caller's zero extension is not the body that trusts a sign
; extension. These ABI attributes are never intersected.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i8 zeroext %x) {
; CHECK-NEXT: %e = zext i8 %x to i32
; CHECK-LABEL: define i32 @g(i8 signext %x) {
; CHECK-NEXT: %e = zext i8 %x to i32

define i32 @f(i8 zeroext %x) {
  %e = zext i8 %x to i32
  %r = add i32 %e, 1
  ret i32 %r
}

define i32 @g(i8 signext %x) {
  %e = zext i8 %x to i32
  %r = add i32 %e, 1
  ret i32 %r
}
