; Two functions that differ only in the `double` and `float` constants they
; pass to a call share one body: floating-point constants of those types at a
; plain call argument are parameter positions, so the shared body gains a
; `double` and a `float` parameter and each thunk passes its own values.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into a.lmf.similar (2 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)

; CHECK-LABEL: define i32 @a(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, double 1.500000e+00, float 2.500000e-01)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @a.lmf.similar(i32 %x, double %0, float %1) unnamed_addr {
; CHECK-NEXT: call void @consume(double %0, float %1, i32 %x)
; CHECK-NEXT: %c0 = mul i32 %x, %x
; CHECK-LABEL: define i32 @b(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, double -3.000000e+00, float 8.000000e+00)
; CHECK-NEXT: ret i32 [[R]]

target triple = "x86_64-unknown-linux-gnu"

declare void @consume(double, float, i32)

define i32 @a(i32 %x) {
  call void @consume(double 1.5, float 0.25, i32 %x)
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
  %c24 = mul i32 %c23, %c23
  %c25 = mul i32 %c24, %c24
  %c26 = mul i32 %c25, %c25
  %c27 = mul i32 %c26, %c26
  %c28 = mul i32 %c27, %c27
  %c29 = mul i32 %c28, %c28
  %c30 = mul i32 %c29, %c29
  %c31 = mul i32 %c30, %c30
  ret i32 %c31
}

define i32 @b(i32 %x) {
  call void @consume(double -3.0, float 8.0, i32 %x)
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
  %c24 = mul i32 %c23, %c23
  %c25 = mul i32 %c24, %c24
  %c26 = mul i32 %c25, %c25
  %c27 = mul i32 %c26, %c26
  %c28 = mul i32 %c27, %c27
  %c29 = mul i32 %c28, %c28
  %c30 = mul i32 %c29, %c29
  %c31 = mul i32 %c30, %c30
  ret i32 %c31
}
