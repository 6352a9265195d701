; A function that only loads from constant globals is `memory(none)` (this is
; what function-attrs infers). Once the load's address becomes a parameter,
; the shared body dereferences a pointer argument, which `memory(none)`
; forbids: the shared body must allow reading argument memory, while the
; members, as thunks, keep `memory(none)`.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s

; CHECK: define i32 @a(i32 %0) #[[THUNK:[0-9]+]] {
; CHECK-NEXT: tail call i32 @a.lmf.similar(i32 %0, ptr @c1)
; CHECK: define internal i32 @a.lmf.similar(i32 %x, ptr %0) unnamed_addr #[[BODY:[0-9]+]] {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK: attributes #[[THUNK]] = { nounwind memory(none) }
; CHECK: attributes #[[BODY]] = { nounwind memory(argmem: read) }

target triple = "x86_64-unknown-linux-gnu"

@c1 = constant i32 1
@c2 = constant i32 2

define i32 @a(i32 %x) nounwind memory(none) {
  %v = load i32, ptr @c1, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
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

define i32 @b(i32 %x) nounwind memory(none) {
  %v = load i32, ptr @c2, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
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
