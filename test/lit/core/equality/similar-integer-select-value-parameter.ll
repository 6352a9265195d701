; Integer operand positions (on by default; off with
; -lto-merge-functions-similar-integers=false): a constant that a select
; chooses against a computed value is a parameter position (its condition is
; not): @f1 and @f2 differ in that constant and share a body that selects
; between the value and a parameter. With them off they stay apart (the OFF
; run).
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers=false -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=OFF --allow-empty
; OFF-NOT: similar

; PRINT: merged similar functions into f1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function f1 (thunk)
; PRINT-NEXT: sharing body with similar function f2 (thunk)

; CHECK-LABEL: define i32 @f1(i1 %0, i32 %1) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i1 %0, i32 %1, i32 5)
; CHECK-LABEL: define internal i32 @f1.lmf.similar(i1 %c, i32 %x, i32 %0) unnamed_addr {
; CHECK-NEXT: %s = select i1 %c, i32 %0, i32 %x
; CHECK-LABEL: define i32 @f2(i1 %c, i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i1 %c, i32 %x, i32 6)

target triple = "x86_64-unknown-linux-gnu"

define i32 @f1(i1 %c, i32 %x) {
  %s = select i1 %c, i32 5, i32 %x
  %c0 = mul i32 %s, %s
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

define i32 @f2(i1 %c, i32 %x) {
  %s = select i1 %c, i32 6, i32 %x
  %c0 = mul i32 %s, %s
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
