; Prefix data is emitted right before the function's entry point and may be
; read by a runtime through the function pointer; different prefix data makes
; the functions different.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) prefix i32 123 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) prefix i32 456 {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) prefix i32 123 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) prefix i32 456 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
