; Vectors and arrays of one element type but other lengths are other types:
; functions taking, returning, storing or allocating <2 x i8> and <4 x i8>,
; <4 x i8> and <vscale x 4 x i8>, [2 x i8] and [4 x i8] (or [4 x i8] and
; <4 x i8>) are different and must be compared without assuming equal
; lengths. @vec4_a/@vec4_b and @arr4_a/@arr4_b have one type each and fold
; (the positive controls); everything else stays apart in every mode.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function vec4_a
; PRINT-NEXT: removing identical function vec4_b
; PRINT-NEXT: selected function arr4_a
; PRINT-NEXT: removing identical function arr4_b
; PRINT-NOT: removing identical function

; CHECK-LABEL: define <2 x i8> @vec2(
; CHECK-NEXT: add <2 x i8> %x, %x
; CHECK-LABEL: define <4 x i8> @vec4_a(
; CHECK-NEXT: add <4 x i8> %x, %x
; CHECK-LABEL: define <4 x i8> @vec4_b(
; CHECK-NEXT: tail call <4 x i8> @vec4_a(<4 x i8> %x)
; CHECK-LABEL: define <vscale x 4 x i8> @scalable4(
; CHECK-NEXT: add <vscale x 4 x i8> %x, %x
; CHECK-LABEL: define i8 @arr2(
; CHECK-NEXT: store [2 x i8] %x, ptr %p
; CHECK-LABEL: define i8 @arr4_a(
; CHECK-NEXT: store [4 x i8] %x, ptr %p
; CHECK-LABEL: define i8 @arr4_b(
; CHECK-NEXT: tail call i8 @arr4_a(ptr %p, [4 x i8] %x)
; CHECK-LABEL: define void @alloca_arr2(
; CHECK-NEXT: alloca [2 x i8]
; CHECK-LABEL: define void @alloca_arr4(
; CHECK-NEXT: alloca [4 x i8]
; CHECK-LABEL: define void @alloca_vec4(
; CHECK-NEXT: alloca <4 x i8>

; ALL-DAG: @vec4_b = alias <4 x i8> (<4 x i8>), ptr @vec4_a
; ALL-DAG: @arr4_b = alias i8 (ptr, [4 x i8]), ptr @arr4_a
; ALL-LABEL: define <2 x i8> @vec2(
; ALL-LABEL: define <vscale x 4 x i8> @scalable4(
; ALL-LABEL: define i8 @arr2(
; ALL-LABEL: define void @alloca_arr2(
; ALL-LABEL: define void @alloca_arr4(
; ALL-LABEL: define void @alloca_vec4(

declare void @sink(ptr)

define <2 x i8> @vec2(<2 x i8> %x) {
  %a = add <2 x i8> %x, %x
  %m = mul <2 x i8> %a, %x
  ret <2 x i8> %m
}

define <4 x i8> @vec4_a(<4 x i8> %x) {
  %a = add <4 x i8> %x, %x
  %m = mul <4 x i8> %a, %x
  ret <4 x i8> %m
}

define <4 x i8> @vec4_b(<4 x i8> %x) {
  %a = add <4 x i8> %x, %x
  %m = mul <4 x i8> %a, %x
  ret <4 x i8> %m
}

define <vscale x 4 x i8> @scalable4(<vscale x 4 x i8> %x) {
  %a = add <vscale x 4 x i8> %x, %x
  %m = mul <vscale x 4 x i8> %a, %x
  ret <vscale x 4 x i8> %m
}

define i8 @arr2(ptr %p, [2 x i8] %x) {
  store [2 x i8] %x, ptr %p, align 1
  call void @sink(ptr %p)
  %e = extractvalue [2 x i8] %x, 1
  ret i8 %e
}

define i8 @arr4_a(ptr %p, [4 x i8] %x) {
  store [4 x i8] %x, ptr %p, align 1
  call void @sink(ptr %p)
  %e = extractvalue [4 x i8] %x, 1
  ret i8 %e
}

define i8 @arr4_b(ptr %p, [4 x i8] %x) {
  store [4 x i8] %x, ptr %p, align 1
  call void @sink(ptr %p)
  %e = extractvalue [4 x i8] %x, 1
  ret i8 %e
}

define void @alloca_arr2(i8 %x) {
  %s = alloca [2 x i8], align 1
  store i8 %x, ptr %s, align 1
  call void @sink(ptr %s)
  ret void
}

define void @alloca_arr4(i8 %x) {
  %s = alloca [4 x i8], align 1
  store i8 %x, ptr %s, align 1
  call void @sink(ptr %s)
  ret void
}

define void @alloca_vec4(i8 %x) {
  %s = alloca <4 x i8>, align 1
  store i8 %x, ptr %s, align 1
  call void @sink(ptr %s)
  ret void
}
