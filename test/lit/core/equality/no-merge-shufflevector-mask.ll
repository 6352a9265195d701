; The mask of a shufflevector is not an operand in LLVM IR; a comparator that
; only looks at operands would fold a reversal into an identity shuffle.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define <4 x i32> @f(
; CHECK: shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-LABEL: define <4 x i32> @g(
; CHECK: shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 2, i32 1, i32 0>

define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r = add <4 x i32> %s, %b
  ret <4 x i32> %r
}

define <4 x i32> @g(<4 x i32> %a, <4 x i32> %b) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %r = add <4 x i32> %s, %b
  ret <4 x i32> %r
}
