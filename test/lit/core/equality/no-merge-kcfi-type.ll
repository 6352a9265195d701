; !kcfi_type is the type hash that KCFI checks before every indirect call:
; folding functions with different hashes would make indirect calls to one of
; them trap. It must match.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) !kcfi_type !0 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) !kcfi_type !1 {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) !kcfi_type !0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) !kcfi_type !1 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

!0 = !{i32 12345678}
!1 = !{i32 87654321}
