; The newer poison flags are intersected like nsw: `disjoint` on or,
; `nneg` on zext, `samesign` on icmp, `nuw`/`nsw` on trunc. @f has them all,
; @g none; the twins fold and the survivor keeps none of them.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i1 @f(
; CHECK-NEXT: %o = or i32 %x, %y
; CHECK-NEXT: %t = trunc i32 %o to i16
; CHECK-NEXT: %z = zext i16 %t to i64
; CHECK-NEXT: %c = icmp ult i64 %z, %w
; CHECK-NEXT: ret i1 %c

define i1 @f(i32 %x, i32 %y, i64 %w) {
  %o = or disjoint i32 %x, %y
  %t = trunc nuw nsw i32 %o to i16
  %z = zext nneg i16 %t to i64
  %c = icmp samesign ult i64 %z, %w
  ret i1 %c
}

define internal i1 @g(i32 %x, i32 %y, i64 %w) unnamed_addr {
  %o = or i32 %x, %y
  %t = trunc i32 %o to i16
  %z = zext i16 %t to i64
  %c = icmp ult i64 %z, %w
  ret i1 %c
}

define i1 @use() {
  %r = call i1 @g(i32 1, i32 1, i64 -1)
  ret i1 %r
}
