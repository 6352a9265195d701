; Similar merging is an opt-in stage: without -lto-merge-functions-similar
; two functions that differ only in the global they load from are left as
; they are, and the report has no "similar" section; with it they share a
; body.
; RUN: %opt-merge -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT-OFF --allow-empty
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT-OFF < %t.json
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s --check-prefix=ON
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT-ON

; PRINT-OFF-NOT: similar

; REPORT-OFF: "schema": "lto-merge-functions-report/1"
; REPORT-OFF-NOT: "similar": {

; OFF-NOT: lmf.similar
; OFF-LABEL: define i32 @a(i32 %x) {
; OFF-NEXT: %v = load i32, ptr @g1, align 4
; OFF-LABEL: define i32 @b(i32 %x) {
; OFF-NEXT: %v = load i32, ptr @g2, align 4
; OFF-NOT: lmf.similar

; PRINT-ON: merged similar functions into a.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-ON-NEXT: sharing body with similar function a (thunk)
; PRINT-ON-NEXT: sharing body with similar function b (thunk)

; ON-LABEL: define i32 @a(i32 %0) {
; ON-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, ptr @g1)
; ON-LABEL: define internal i32 @a.lmf.similar(i32 %x, ptr %0) unnamed_addr {
; ON-NEXT: %v = load i32, ptr %0, align 4
; ON-LABEL: define i32 @b(i32 %x) {
; ON-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, ptr @g2)

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

define i32 @a(i32 %x) {
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

define i32 @b(i32 %x) {
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
