; The fixpoint must not cascade through interposable functions: @g1 is weak,
; so it only becomes a thunk and @g2 keeps calling @g1, which another module
; may replace. @f2 (calling @f1) and @g2 (calling @g1) therefore stay
; different, and only one fold happens.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f1
; PRINT-NEXT: removing identical function g1 (thunk)
; PRINT-NOT: selected function

; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT: %a = call i32 @f1(i32 %x)
; CHECK-LABEL: define internal i32 @g2(
; CHECK-NEXT: %a = call i32 @g1(i32 %x)

define i32 @f1(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g1(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @f2(i32 %x) {
  %a = call i32 @f1(i32 %x)
  %b = xor i32 %a, 5
  ret i32 %b
}

define internal i32 @g2(i32 %x) unnamed_addr {
  %a = call i32 @g1(i32 %x)
  %b = xor i32 %a, 5
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @g2(i32 2)
  ret i32 %a
}
