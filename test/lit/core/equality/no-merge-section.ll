; Functions placed in different sections must not fold: the section decides
; where (and whether, with --gc-sections or linker scripts) the code lives.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) section ".text.hot" {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) section ".text.cold" {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) section ".text.hot" {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) section ".text.cold" {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
