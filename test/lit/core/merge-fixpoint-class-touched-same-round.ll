; @f2 and @g2 are equal from the start (both call @g1), but folding @g1 into
; @f1 earlier in the same round rewrites both bodies. Their class is then
; stale; it must not be lost: the next round rehashes them and folds @g2 into
; @f2.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f1
; PRINT-NEXT: removing identical function g1 (erased)
; PRINT-NEXT: selected function f2
; PRINT-NEXT: removing identical function g2 (erased)

; CHECK-LABEL: define i32 @f2(
; CHECK-NEXT: %a = call i32 @f1(i32 %x)
; CHECK-NOT: @g1(
; CHECK-NOT: @g2(

define i32 @f1(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @f2(i32 %x) {
  %a = call i32 @g1(i32 %x)
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
