; Integer operand positions (on by default; off with
; -lto-merge-functions-similar-integers=false): the integer constants of add,
; sub, or, xor and and (other than a zero-extension mask) are parameter
; positions, on either side: @f1 and @f2 differ in all five and share a body
; with five parameters. With them off they stay apart (the OFF run, and
; similar-arithmetic-constant-without-integer-positions.ll).
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers=false -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=OFF --allow-empty
; OFF-NOT: similar

; PRINT: merged similar functions into f1.lmf.similar (5 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function f1 (thunk)
; PRINT-NEXT: sharing body with similar function f2 (thunk)

; CHECK-LABEL: define i32 @f1(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i32 %0, i32 3, i32 100, i32 64, i32 7, i32 1023)
; CHECK-LABEL: define internal i32 @f1.lmf.similar(i32 %x, i32 %0, i32 %1, i32 %2, i32 %3, i32 %4) unnamed_addr {
; CHECK-NEXT: %a = add i32 %x, %0
; CHECK-NEXT: %s = sub i32 %1, %a
; CHECK-NEXT: %o = or i32 %s, %2
; CHECK-NEXT: %e = xor i32 %o, %3
; CHECK-NEXT: %n = and i32 %e, %4
; CHECK-LABEL: define i32 @f2(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.similar(i32 %x, i32 5, i32 200, i32 128, i32 9, i32 4095)

target triple = "x86_64-unknown-linux-gnu"

define i32 @f1(i32 %x) {
  %a = add i32 %x, 3
  %s = sub i32 100, %a
  %o = or i32 %s, 64
  %e = xor i32 %o, 7
  %n = and i32 %e, 1023
  %c0 = mul i32 %n, %n
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

define i32 @f2(i32 %x) {
  %a = add i32 %x, 5
  %s = sub i32 200, %a
  %o = or i32 %s, 128
  %e = xor i32 %o, 9
  %n = and i32 %e, 4095
  %c0 = mul i32 %n, %n
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
