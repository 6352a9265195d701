; Unreachable blocks are part of the body that is compared: two functions
; whose reachable code is identical but whose unreachable blocks differ are
; not folded (equal encodings mean fully identical bodies).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK: dead:
; CHECK-NEXT: ret i32 1
; CHECK-LABEL: define i32 @g(
; CHECK: dead:
; CHECK-NEXT: ret i32 2

define i32 @f(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
dead:
  ret i32 1
}

define i32 @g(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
dead:
  ret i32 2
}
