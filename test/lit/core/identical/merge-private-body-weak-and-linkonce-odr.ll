; A weak and a linkonce_odr unnamed_addr member: neither body is exact. The
; weak one must keep its symbol, so it is the survivor; the body moves to
; @f.lmf.body, @f becomes a thunk to it (callers untouched, @f may be
; interposed), and @g is erased with its uses going to the private body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: thunk)
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define weak i32 @f(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @f.lmf.body(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @f(i32 1)
; CHECK-NEXT: %r2 = call i32 @f.lmf.body(i32 2)
; CHECK-NOT: @g(

define weak i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @f(i32 1)
  %r2 = call i32 @g(i32 2)
  %r = add i32 %r1, %r2
  ret i32 %r
}
