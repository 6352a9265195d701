; Identical merging runs first and to its fixpoint; similar merging then sees
; only the functions left with bodies of their own. The internal twins @la and
; @la2 are identical: @la2 is erased and its call goes to @la. @la is then
; similar to @lb, both are only called, and every call, including the one
; that went to @la2, calls the shared body with @la's constant.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function la
; PRINT-NEXT: removing identical function la2 (erased)
; PRINT-NEXT: merged similar functions into la.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function la (calls-rewritten)
; PRINT-NEXT: sharing body with similar function lb (calls-rewritten)

; CHECK-NOT: @la(
; CHECK-NOT: @la2(
; CHECK-NOT: @lb(
; CHECK-LABEL: define internal i32 @la.lmf.similar(i32 %x, ptr %0) unnamed_addr {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-LABEL: define i32 @user(i32 %x) {
; CHECK-NEXT: %r = call i32 @la.lmf.similar(i32 %x, ptr @g1)
; CHECK-NEXT: %s = call i32 @la.lmf.similar(i32 %r, ptr @g1)
; CHECK-NEXT: %t = call i32 @la.lmf.similar(i32 %s, ptr @g2)
; CHECK-NOT: @la(
; CHECK-NOT: @la2(
; CHECK-NOT: @lb(

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

define internal i32 @la(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define internal i32 @la2(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define internal i32 @lb(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define i32 @user(i32 %x) {
  %r = call i32 @la(i32 %x)
  %s = call i32 @la2(i32 %r)
  %t = call i32 @lb(i32 %s)
  ret i32 %t
}
