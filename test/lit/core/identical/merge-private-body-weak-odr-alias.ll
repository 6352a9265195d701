; All members weak_odr unnamed_addr: no exact body, so the body moves to a
; private copy; each member must keep its symbol but not its address, so each
; becomes a weak_odr alias of the private body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: alias)
; PRINT-NEXT: removing identical function g (alias)

; CHECK-DAG: @f = weak_odr unnamed_addr alias i32 (i32), ptr @f.lmf.body
; CHECK-DAG: @g = weak_odr unnamed_addr alias i32 (i32), ptr @f.lmf.body
; CHECK-LABEL: define internal i32 @f.lmf.body(
; CHECK-NEXT: %a = add i32 %x, 1

define weak_odr i32 @f(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak_odr i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
