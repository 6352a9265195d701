; Integer operand positions (on by default; off with
; -lto-merge-functions-similar-integers=false): the integer inputs of a phi
; are parameter positions: @f1 and @f2 differ in the values their phi takes
; on each edge and share a body whose phi takes two parameters. With them
; off they stay apart (the OFF run).
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers=false -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=OFF --allow-empty
; OFF-NOT: similar

; PRINT: merged similar functions into f1.lmf.similar (2 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function f1 (thunk)
; PRINT-NEXT: sharing body with similar function f2 (thunk)

; CHECK-LABEL: define i32 @f1(i1 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i1 %0, i32 1, i32 2)
; CHECK-LABEL: define internal i32 @f1.lmf.similar(i1 %c, i32 %0, i32 %1) unnamed_addr {
; CHECK: %p = phi i32 [ %0, %entry ], [ %1, %then ]
; CHECK-LABEL: define i32 @f2(i1 %c) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i1 %c, i32 3, i32 4)

target triple = "x86_64-unknown-linux-gnu"

define i32 @f1(i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ 1, %entry ], [ 2, %then ]
  %c0 = mul i32 %p, %p
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
entry:
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ 3, %entry ], [ 4, %then ]
  %c0 = mul i32 %p, %p
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
