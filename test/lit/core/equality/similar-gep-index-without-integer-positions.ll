; The indices of a getelementptr instruction are not parameter positions
; without integer operand positions (-lto-merge-functions-similar-integers=
; false; with them see similar-integer-array-index-parameter.ll; a struct
; field index never is): a struct field index must be a constant, and a
; constant array index is folded into the address. @f1/@f2 differ only in a
; struct field index, @f3/@f4 only in an array index into a global; both
; pairs stay apart. (A getelementptr constant expression as a load address
; is a position; see similar-constant-expression-parameter.ll.) The control
; pair @ok1/@ok2 uses the same indices and differs in the global it stores
; to, and merges.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers=false -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-integers=false -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar

; PRINT: merged similar functions into ok1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function ok1 (thunk)
; PRINT-NEXT: sharing body with similar function ok2 (thunk)

; CHECK-LABEL: define i32 @f1(ptr %p) {
; CHECK-NEXT: %e = getelementptr %S, ptr %p, i64 0, i32 1
; CHECK-LABEL: define i32 @f2(ptr %p) {
; CHECK-NEXT: %e = getelementptr %S, ptr %p, i64 0, i32 2
; CHECK-LABEL: define i32 @f3(ptr %p) {
; CHECK-NEXT: %e = getelementptr [8 x i32], ptr @arr, i64 0, i64 3
; CHECK-LABEL: define i32 @f4(ptr %p) {
; CHECK-NEXT: %e = getelementptr [8 x i32], ptr @arr, i64 0, i64 5
; CHECK-LABEL: define i32 @ok1(ptr %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(ptr %0, ptr @g1)
; CHECK-LABEL: define internal i32 @ok1.lmf.similar(ptr %p, ptr %0) unnamed_addr {
; CHECK-NEXT: %e = getelementptr %S, ptr %p, i64 0, i32 1
; CHECK-NEXT: %v = load i32, ptr %e, align 4
; CHECK-NEXT: %f = getelementptr [8 x i32], ptr @arr, i64 0, i64 3
; CHECK-NEXT: store i32 %v, ptr %f, align 4
; CHECK-NEXT: store i32 %v, ptr %0, align 4
; CHECK-LABEL: define i32 @ok2(ptr %p) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(ptr %p, ptr @g2)

target triple = "x86_64-unknown-linux-gnu"

%S = type { i32, i32, i32 }

@arr = global [8 x i32] zeroinitializer
@g1 = global i32 0
@g2 = global i32 0

define i32 @f1(ptr %p) {
  %e = getelementptr %S, ptr %p, i64 0, i32 1
  %v = load i32, ptr %e, align 4
  %c0 = mul i32 %v, %v
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

define i32 @f2(ptr %p) {
  %e = getelementptr %S, ptr %p, i64 0, i32 2
  %v = load i32, ptr %e, align 4
  %c0 = mul i32 %v, %v
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

define i32 @f3(ptr %p) {
  %e = getelementptr [8 x i32], ptr @arr, i64 0, i64 3
  %v = load i32, ptr %e, align 4
  %c0 = mul i32 %v, %v
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

define i32 @f4(ptr %p) {
  %e = getelementptr [8 x i32], ptr @arr, i64 0, i64 5
  %v = load i32, ptr %e, align 4
  %c0 = mul i32 %v, %v
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

define i32 @ok1(ptr %p) {
  %e = getelementptr %S, ptr %p, i64 0, i32 1
  %v = load i32, ptr %e, align 4
  %f = getelementptr [8 x i32], ptr @arr, i64 0, i64 3
  store i32 %v, ptr %f, align 4
  store i32 %v, ptr @g1, align 4
  %c0 = mul i32 %v, %v
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

define i32 @ok2(ptr %p) {
  %e = getelementptr %S, ptr %p, i64 0, i32 1
  %v = load i32, ptr %e, align 4
  %f = getelementptr [8 x i32], ptr @arr, i64 0, i64 3
  store i32 %v, ptr %f, align 4
  store i32 %v, ptr @g2, align 4
  %c0 = mul i32 %v, %v
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
