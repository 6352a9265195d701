; A select between two constants is no parameter position: code generation
; computes its value from the condition (a zero extension and an add or a
; xor, for constants one bit apart), where two parameters would need two
; registers, kept across any call before the select (on kc, the virtual
; prod_sel() members of one such class ran 14 instructions per call instead
; of 6). @f1 and @f2 differ only there and stay apart.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --allow-empty
; CHECK-NOT: similar
; Positive control: the same functions selecting between their constant and
; a computed value (a new parameter %k) differ in a parameter position
; and share a body that takes the constant as a parameter.
; RUN: sed -e 's/(i1 %c)/(i1 %c, i32 %k)/' -e 's/, i32 7$/, i32 %k/' -e 's/, i32 8$/, i32 %k/' %s \
; RUN:   | %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -S \
; RUN:   | FileCheck %s --check-prefix=COMPUTED
; COMPUTED: merged similar functions into f1.lmf.similar (1 parameters
; COMPUTED-NEXT: sharing body with similar function f1 (thunk)
; COMPUTED-NEXT: sharing body with similar function f2 (thunk)
; COMPUTED-LABEL: define i32 @f1(
; COMPUTED-NEXT: call i32 @f1.lmf.similar(i1 %0, i32 %1, i32 5)
; COMPUTED-LABEL: define internal i32 @f1.lmf.similar(i1 %c, i32 %k, i32 %0)
; COMPUTED-NEXT: %s = select i1 %c, i32 %0, i32 %k
; COMPUTED-LABEL: define i32 @f2(
; COMPUTED-NEXT: call i32 @f1.lmf.similar(i1 %c, i32 %k, i32 6)

target triple = "x86_64-unknown-linux-gnu"

define i32 @f1(i1 %c) {
  %s = select i1 %c, i32 5, i32 7
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

define i32 @f2(i1 %c) {
  %s = select i1 %c, i32 6, i32 8
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
