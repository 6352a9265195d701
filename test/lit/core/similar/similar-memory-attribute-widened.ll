; A load through a parameter reads argument memory where the member read a
; global, so the shared body's `memory` attribute lets argument memory be
; accessed as any location may: `memory(read, argmem: none)` becomes
; `memory(read)`. The same holds for a `memory` attribute on a call that is
; rewritten to call the shared body. The thunks keep their own attributes.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into a.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)
; PRINT: merged similar functions into la.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function la (calls-rewritten)
; PRINT-NEXT: sharing body with similar function lb (calls-rewritten)

; CHECK: define i32 @a(i32 %0) #[[THUNK:[0-9]+]] {
; CHECK-NEXT: tail call i32 @a.lmf.similar(i32 %0, ptr @g1)
; CHECK: define internal i32 @a.lmf.similar(i32 %x, ptr %0) unnamed_addr #[[BODY:[0-9]+]] {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK: define i32 @b(i32 %x) #[[THUNK]] {
; CHECK-NEXT: tail call i32 @a.lmf.similar(i32 %x, ptr @g2)
; CHECK: define internal i32 @la.lmf.similar(i32 %x, ptr %0) unnamed_addr #[[BODY]] {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-LABEL: define i32 @user(i32 %x) {
; CHECK-NEXT: %r = call i32 @la.lmf.similar(i32 %x, ptr @g1) #[[BODY]]
; CHECK-NEXT: %s = call i32 @la.lmf.similar(i32 %r, ptr @g2) #[[BODY]]
; CHECK-DAG: attributes #[[THUNK]] = { memory(read, argmem: none) }
; CHECK-DAG: attributes #[[BODY]] = { memory(read) }

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

define i32 @a(i32 %x) memory(read, argmem: none) {
  %v = load i32, ptr @g1, align 4
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

define i32 @b(i32 %x) memory(read, argmem: none) {
  %v = load i32, ptr @g2, align 4
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

define internal i32 @la(i32 %x) memory(read, argmem: none) {
  %v = load i32, ptr @g1, align 4
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

define internal i32 @lb(i32 %x) memory(read, argmem: none) {
  %v = load i32, ptr @g2, align 4
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

define i32 @user(i32 %x) {
  %r = call i32 @la(i32 %x) memory(read, argmem: none)
  %s = call i32 @lb(i32 %r) memory(read, argmem: none)
  ret i32 %s
}
