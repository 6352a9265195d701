; Load alignment changes the machine code (aligned vector loads fault on
; misaligned addresses) and is a fact about the pointer that @g's callers did
; not promise; loads aligned differently are not equal.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define <4 x i32> @f(
; CHECK-NEXT: load <4 x i32>, ptr %p, align 16
; CHECK-LABEL: define <4 x i32> @g(
; CHECK-NEXT: load <4 x i32>, ptr %p, align 4

define <4 x i32> @f(ptr %p, <4 x i32> %x) {
  %v = load <4 x i32>, ptr %p, align 16
  %r = add <4 x i32> %v, %x
  ret <4 x i32> %r
}

define <4 x i32> @g(ptr %p, <4 x i32> %x) {
  %v = load <4 x i32>, ptr %p, align 4
  %r = add <4 x i32> %v, %x
  ret <4 x i32> %r
}
