; With -lto-merge-functions-similar-callees, @a and @b are similar: they
; differ only in the function they call, and @b calls @a. The shared body
; takes the callee as a parameter, so @b's thunk passes @a. @a, internal and
; only ever called directly, would have its calls rewritten and be erased,
; leaving @b's thunk passing a dangling reference: a member whose address
; another member of its class passes keeps its symbol, as a thunk. Found by
; lmf-ircheck's callee runs (a caller and the clone it calls, whose callee
; was swapped). Without callee positions, @a and @b stay apart.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -S %s | %opt -passes=verify -disable-output

; CHECK-NOT: badref
; CHECK: define internal i32 @a(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, ptr @ext)
; CHECK: define {{.*}}i32 @b(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, ptr @a)
; CHECK-NOT: badref

target triple = "x86_64-unknown-linux-gnu"

declare i32 @ext(i32)

define internal i32 @a(i32 %x) {
  %c0 = call i32 @ext(i32 %x)
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
  ret i32 %c20
}

define i32 @b(i32 %x) {
  %c0 = call i32 @a(i32 %x)
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
  ret i32 %c20
}
