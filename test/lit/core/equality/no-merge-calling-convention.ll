; The calling convention decides where arguments and the result live; two
; bodies with different conventions are different machine code.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define fastcc i32 @f(i32 %x) {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define coldcc i32 @g(i32 %x) {
; CHECK-NEXT: %a = add i32 %x, 1

define fastcc i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define coldcc i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
