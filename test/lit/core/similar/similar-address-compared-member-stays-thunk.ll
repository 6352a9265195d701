; Similar merging never lets a member whose address is compared disappear
; behind rewritten calls: lb, tested against a pointer, stays a thunk of the
; shared body; la, only called, has its call rewritten and is erased. The
; positive control is similar-local-members-calls-rewritten.ll. Two rules hold
; this: the compared address (ModuleFacts::Compared) and any use that is not
; a call (countRewritableCalls); the test guards both.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into la.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function la (calls-rewritten)
; PRINT-NEXT: sharing body with similar function lb (thunk)

; CHECK-NOT: @la(
; CHECK-LABEL: define internal i32 @lb(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @la.lmf.similar(i32 %x, ptr @g2)
; CHECK-LABEL: define i1 @user(
; CHECK-NEXT: %r = call i32 @la.lmf.similar(i32 %x, ptr @g1)
; CHECK-NEXT: %s = call i32 @lb(i32 %r)
; CHECK-NEXT: %e = icmp eq ptr %p, @lb

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

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

define i1 @user(i32 %x, ptr %p) {
  %r = call i32 @la(i32 %x)
  %s = call i32 @lb(i32 %r)
  %e = icmp eq ptr %p, @lb
  ret i1 %e
}
