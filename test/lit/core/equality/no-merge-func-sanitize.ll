; !func_sanitize is the signature/type hash that -fsanitize=function emits in
; front of the function and checks at indirect calls: different hashes mean
; different functions.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) !func_sanitize !0 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) !func_sanitize !1 {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) !func_sanitize !0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) !func_sanitize !1 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

!0 = !{i32 -1056584962, i32 1111}
!1 = !{i32 -1056584962, i32 2222}
