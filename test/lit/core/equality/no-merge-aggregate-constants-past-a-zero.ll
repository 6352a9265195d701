; Aggregate and vector constants are compared element by element, over their
; whole length: a comparator that treated their bytes as a C string would stop
; at the first zero and fold constants that differ after it. Each pair below
; shares a prefix that ends in a zero element (bytes, an array of i32, a
; vector, a struct with a zero field) and differs in a later element, so every
; pair stays apart in every mode; @bytes_d and @bytes_d2 store the same
; string and fold (the positive control).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function bytes_d
; PRINT-NEXT: removing identical function bytes_d2
; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @bytes_c(
; CHECK-NEXT: store [4 x i8] c"k\00pc", ptr %p
; CHECK-LABEL: define void @bytes_d(
; CHECK-NEXT: store [4 x i8] c"k\00pd", ptr %p
; CHECK-LABEL: define i32 @pick_a(
; CHECK-NEXT: extractvalue [3 x i32] [i32 9, i32 0, i32 4], 2
; CHECK-LABEL: define i32 @pick_b(
; CHECK-NEXT: extractvalue [3 x i32] [i32 9, i32 0, i32 6], 2
; CHECK-LABEL: define <4 x i16> @vec_a(
; CHECK-NEXT: add <4 x i16> %v, <i16 5, i16 0, i16 0, i16 1>
; CHECK-LABEL: define <4 x i16> @vec_b(
; CHECK-NEXT: add <4 x i16> %v, <i16 5, i16 0, i16 0, i16 2>
; CHECK-LABEL: define void @struct_a(
; CHECK-NEXT: store { i32, i8, i64 } { i32 3, i8 0, i64 11 }, ptr %p
; CHECK-LABEL: define void @struct_b(
; CHECK-NEXT: store { i32, i8, i64 } { i32 3, i8 0, i64 12 }, ptr %p

define void @bytes_c(ptr %p, i32 %x) {
  store [4 x i8] c"k\00pc", ptr %p, align 1
  %q = getelementptr i8, ptr %p, i64 8
  store i32 %x, ptr %q, align 4
  ret void
}

define void @bytes_d(ptr %p, i32 %x) {
  store [4 x i8] c"k\00pd", ptr %p, align 1
  %q = getelementptr i8, ptr %p, i64 8
  store i32 %x, ptr %q, align 4
  ret void
}

define void @bytes_d2(ptr %p, i32 %x) {
  store [4 x i8] c"k\00pd", ptr %p, align 1
  %q = getelementptr i8, ptr %p, i64 8
  store i32 %x, ptr %q, align 4
  ret void
}

define i32 @pick_a(i32 %x) {
  %e = extractvalue [3 x i32] [i32 9, i32 0, i32 4], 2
  %s = add i32 %x, %e
  %t = mul i32 %s, %x
  ret i32 %t
}

define i32 @pick_b(i32 %x) {
  %e = extractvalue [3 x i32] [i32 9, i32 0, i32 6], 2
  %s = add i32 %x, %e
  %t = mul i32 %s, %x
  ret i32 %t
}

define <4 x i16> @vec_a(<4 x i16> %v) {
  %s = add <4 x i16> %v, <i16 5, i16 0, i16 0, i16 1>
  %t = mul <4 x i16> %s, %v
  ret <4 x i16> %t
}

define <4 x i16> @vec_b(<4 x i16> %v) {
  %s = add <4 x i16> %v, <i16 5, i16 0, i16 0, i16 2>
  %t = mul <4 x i16> %s, %v
  ret <4 x i16> %t
}

define void @struct_a(ptr %p) {
  store { i32, i8, i64 } { i32 3, i8 0, i64 11 }, ptr %p, align 8
  %q = getelementptr i8, ptr %p, i64 16
  store i32 1, ptr %q, align 4
  ret void
}

define void @struct_b(ptr %p) {
  store { i32, i8, i64 } { i32 3, i8 0, i64 12 }, ptr %p, align 8
  %q = getelementptr i8, ptr %p, i64 16
  store i32 1, ptr %q, align 4
  ret void
}
