; The parameters of the shared body must fit in the argument registers next
; to the existing ones (6 integer registers on x86-64): a stack argument would
; turn every thunk into a frame. With four existing parameters, @a, @b and
; @c would need three more, so the member that deviates most from the most
; common values, @c, is dropped with a refusal and @a and @b share a body
; with two parameters; the constant 10 they agree on stays in the body.
; That is the plan with constant tables turned off; with them, the three
; share one body (similar-values-beyond-registers-travel-in-a-table.ll).
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-constant-tables=false -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-constant-tables=false -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-constant-tables=false -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: merged similar functions into a.lmf.similar (2 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)

; REPORT: "similar": {
; REPORT: "refusals": [
; REPORT-NEXT: {
; REPORT-NEXT: "function": "c",
; REPORT-NEXT: "reason": "needs more parameters than argument registers",
; REPORT-NEXT: "survivor": "a"
; REPORT-NEXT: }
; REPORT-NEXT: ],
; REPORT-NEXT: "refused": 1

; CHECK-LABEL: define i32 @a(i32 %0, i32 %1, i32 %2, i32 %3) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, i32 %1, i32 %2, i32 %3, ptr @g1, i32 1)
; CHECK-LABEL: define internal i32 @a.lmf.similar(i32 %p0, i32 %p1, i32 %p2, i32 %p3, ptr %0, i32 %1) unnamed_addr {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-NEXT: call void @consume(i32 %1, i32 10)
; CHECK-LABEL: define i32 @b(i32 %p0, i32 %p1, i32 %p2, i32 %p3) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %p0, i32 %p1, i32 %p2, i32 %p3, ptr @g2, i32 2)
; CHECK-LABEL: define i32 @c(i32 %p0, i32 %p1, i32 %p2, i32 %p3) {
; CHECK-NEXT: %v = load i32, ptr @g3, align 4
; CHECK-NEXT: call void @consume(i32 3, i32 30)

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@g3 = global i32 0

declare void @consume(i32, i32)

define i32 @a(i32 %p0, i32 %p1, i32 %p2, i32 %p3) {
  %v = load i32, ptr @g1, align 4
  call void @consume(i32 1, i32 10)
  %s0 = add i32 %v, %p0
  %s1 = add i32 %s0, %p1
  %s2 = add i32 %s1, %p2
  %s3 = add i32 %s2, %p3
  %c0 = mul i32 %s3, %s3
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

define i32 @b(i32 %p0, i32 %p1, i32 %p2, i32 %p3) {
  %v = load i32, ptr @g2, align 4
  call void @consume(i32 2, i32 10)
  %s0 = add i32 %v, %p0
  %s1 = add i32 %s0, %p1
  %s2 = add i32 %s1, %p2
  %s3 = add i32 %s2, %p3
  %c0 = mul i32 %s3, %s3
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

define i32 @c(i32 %p0, i32 %p1, i32 %p2, i32 %p3) {
  %v = load i32, ptr @g3, align 4
  call void @consume(i32 3, i32 30)
  %s0 = add i32 %v, %p0
  %s1 = add i32 %s0, %p1
  %s2 = add i32 %s1, %p2
  %s3 = add i32 %s2, %p3
  %c0 = mul i32 %s3, %s3
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
