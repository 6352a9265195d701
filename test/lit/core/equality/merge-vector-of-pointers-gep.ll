; A GEP may take a vector of pointers, or a scalar base with a vector of
; indices, and then yields a vector of pointers. Comparing such GEPs must
; not assume scalar operands. Twins fold: @lanes_a and @lanes_b (vector
; base, constant index vector) and @spread_a and @spread_b (scalar base,
; index vector). Against them, @lanes_swapped differs in the order of the
; constant lanes, @lanes_i32 and @spread_i32 in the source element type (the
; stride), and each stays apart in every mode.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function lanes_a
; PRINT-NEXT: removing identical function lanes_b
; PRINT-NEXT: selected function spread_a
; PRINT-NEXT: removing identical function spread_b
; PRINT-NOT: removing identical function

; CHECK-LABEL: define <2 x i64> @lanes_a(
; CHECK-NEXT: getelementptr i64, <2 x ptr> %p, <2 x i64> <i64 1, i64 2>
; CHECK-LABEL: define <2 x i64> @lanes_b(
; CHECK-NEXT: tail call <2 x i64> @lanes_a(<2 x ptr> %p)
; CHECK-LABEL: define <2 x i64> @lanes_swapped(
; CHECK-NEXT: getelementptr i64, <2 x ptr> %p, <2 x i64> <i64 2, i64 1>
; CHECK-LABEL: define <2 x i64> @lanes_i32(
; CHECK-NEXT: getelementptr i32, <2 x ptr> %p, <2 x i64> <i64 1, i64 2>
; CHECK-LABEL: define <2 x i64> @spread_a(
; CHECK-NEXT: getelementptr i64, ptr %p, <2 x i64> %i
; CHECK-LABEL: define <2 x i64> @spread_b(
; CHECK-NEXT: tail call <2 x i64> @spread_a(ptr %p, <2 x i64> %i)
; CHECK-LABEL: define <2 x i64> @spread_i32(
; CHECK-NEXT: getelementptr i32, ptr %p, <2 x i64> %i

; ALL-DAG: @lanes_b = alias <2 x i64> (<2 x ptr>), ptr @lanes_a
; ALL-DAG: @spread_b = alias <2 x i64> (ptr, <2 x i64>), ptr @spread_a
; ALL-LABEL: define <2 x i64> @lanes_swapped(
; ALL-LABEL: define <2 x i64> @lanes_i32(
; ALL-LABEL: define <2 x i64> @spread_i32(

declare <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr>, i32, <2 x i1>, <2 x i64>)

define <2 x i64> @lanes_a(<2 x ptr> %p) {
  %q = getelementptr i64, <2 x ptr> %p, <2 x i64> <i64 1, i64 2>
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @lanes_b(<2 x ptr> %p) {
  %q = getelementptr i64, <2 x ptr> %p, <2 x i64> <i64 1, i64 2>
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @lanes_swapped(<2 x ptr> %p) {
  %q = getelementptr i64, <2 x ptr> %p, <2 x i64> <i64 2, i64 1>
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @lanes_i32(<2 x ptr> %p) {
  %q = getelementptr i32, <2 x ptr> %p, <2 x i64> <i64 1, i64 2>
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @spread_a(ptr %p, <2 x i64> %i) {
  %q = getelementptr i64, ptr %p, <2 x i64> %i
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @spread_b(ptr %p, <2 x i64> %i) {
  %q = getelementptr i64, ptr %p, <2 x i64> %i
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}

define <2 x i64> @spread_i32(ptr %p, <2 x i64> %i) {
  %q = getelementptr i32, ptr %p, <2 x i64> %i
  %v = call <2 x i64> @llvm.masked.gather.v2i64.v2p0(<2 x ptr> %q, i32 8, <2 x i1> splat (i1 true), <2 x i64> poison)
  ret <2 x i64> %v
}
