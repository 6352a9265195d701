; Poison-generating flags do not change machine code, so twins that differ
; only in them fold; but @f's `nsw`/`nuw`/`exact` were proven for @f's callers
; only, so the survivor keeps just the flags present on both (`nuw` on the
; add, nothing on the udiv).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add nuw i32 %x, 1
; CHECK-NEXT: %b = udiv i32 %a, %y
; CHECK-NEXT: ret i32 %b

define i32 @f(i32 %x, i32 %y) {
  %a = add nuw nsw i32 %x, 1
  %b = udiv exact i32 %a, %y
  ret i32 %b
}

define internal i32 @g(i32 %x, i32 %y) unnamed_addr {
  %a = add nuw i32 %x, 1
  %b = udiv i32 %a, %y
  ret i32 %b
}

define i32 @use() {
  %r = call i32 @g(i32 1, i32 2)
  ret i32 %r
}
