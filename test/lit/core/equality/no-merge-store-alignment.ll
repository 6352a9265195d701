; Store alignment, like load alignment, must match: an `align 16` vector store
; may become an aligned move that faults on @g's 4-aligned pointers.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f(
; CHECK: store <4 x i32> %r, ptr %p, align 16
; CHECK-LABEL: define void @g(
; CHECK: store <4 x i32> %r, ptr %p, align 4

define void @f(ptr %p, <4 x i32> %x) {
  %r = add <4 x i32> %x, %x
  store <4 x i32> %r, ptr %p, align 16
  ret void
}

define void @g(ptr %p, <4 x i32> %x) {
  %r = add <4 x i32> %x, %x
  store <4 x i32> %r, ptr %p, align 4
  ret void
}
