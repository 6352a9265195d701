; The parameters a shared body gains must fit in argument registers next to
; the existing ones, counted as code generation passes them: an i128 takes two
; 64-bit registers. @wide1/@wide2 take three i128 (six registers, all of
; x86-64's) and differ in the global they store to: a seventh would go on
; the stack, so they stay apart with a refusal. @narrow1/@narrow2 do the
; same with three i64 and merge.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; CHECK: merged similar functions into narrow1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; CHECK-NEXT: sharing body with similar function narrow1 (thunk)
; CHECK-NEXT: sharing body with similar function narrow2 (thunk)

; REPORT: "reason": "needs more parameters than argument registers"

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i64 0
@g2 = global i64 0
@h1 = global i64 0
@h2 = global i64 0

define i32 @wide1(i128 %a, i128 %b, i128 %c) {
  %s = add i128 %a, %b
  %t = add i128 %s, %c
  %u = trunc i128 %t to i64
  store i64 %u, ptr @g1, align 8
  %x = trunc i128 %t to i32
  %c0 = mul i32 %x, %x
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

define i32 @wide2(i128 %a, i128 %b, i128 %c) {
  %s = add i128 %a, %b
  %t = add i128 %s, %c
  %u = trunc i128 %t to i64
  store i64 %u, ptr @g2, align 8
  %x = trunc i128 %t to i32
  %c0 = mul i32 %x, %x
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

define i32 @narrow1(i64 %a, i64 %b, i64 %c) {
  %s = add i64 %a, %b
  %t = add i64 %s, %c
  store i64 %t, ptr @h1, align 8
  %x = trunc i64 %t to i32
  %c0 = mul i32 %x, %x
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

define i32 @narrow2(i64 %a, i64 %b, i64 %c) {
  %s = add i64 %a, %b
  %t = add i64 %s, %c
  store i64 %t, ptr @h2, align 8
  %x = trunc i64 %t to i32
  %c0 = mul i32 %x, %x
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
