; A member named in llvm.used (or llvm.compiler.used) must stay in the object
; under its own symbol even when it is internal and only called directly: it
; becomes a thunk, and its calls keep calling it. The unlisted @lc has its
; calls rewritten and is erased.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into la.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function la (thunk)
; PRINT-NEXT: sharing body with similar function lb (thunk)
; PRINT-NEXT: sharing body with similar function lc (calls-rewritten)

; CHECK: @llvm.used = appending global [1 x ptr] [ptr @la]
; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @lb]
; CHECK-LABEL: define internal i32 @la(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @la.lmf.similar(i32 %0, ptr @g1)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @la.lmf.similar(i32 %x, ptr %0) unnamed_addr {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-LABEL: define internal i32 @lb(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @la.lmf.similar(i32 %x, ptr @g2)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-NOT: @lc(
; CHECK-LABEL: define i32 @user(i32 %x) {
; CHECK-NEXT: %r = call i32 @la(i32 %x)
; CHECK-NEXT: %s = call i32 @lb(i32 %r)
; CHECK-NEXT: %t = call i32 @la.lmf.similar(i32 %s, ptr @g3)
; CHECK-NOT: @lc(

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@g3 = global i32 0
@llvm.used = appending global [1 x ptr] [ptr @la], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @lb], section "llvm.metadata"

define internal i32 @la(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %s = add i32 %v, %x
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

define internal i32 @lb(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %s = add i32 %v, %x
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

define internal i32 @lc(i32 %x) {
  %v = load i32, ptr @g3, align 4
  %s = add i32 %v, %x
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

define i32 @user(i32 %x) {
  %r = call i32 @la(i32 %x)
  %s = call i32 @lb(i32 %r)
  %t = call i32 @lc(i32 %s)
  ret i32 %t
}
