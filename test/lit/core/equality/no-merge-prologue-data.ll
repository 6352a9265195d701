; Prologue data is emitted at the entry point and executed (or jumped over)
; before the body: different prologue data makes the functions different.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) prologue i8 -112 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) prologue i8 -52 {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) prologue i8 144 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) prologue i8 204 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
