; Similar merging only pays when the bodies it removes outweigh the thunks it
; adds. @t1 and @t2 are no larger than a thunk and are not even considered;
; @m1 and @m2 (9 instructions, 40 bytes, 48 aligned) would save less than
; 16 bytes after two 16-byte thunks and are refused; @big1 and @big2 pay
; and are merged.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: merged similar functions into big1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function big1 (thunk)
; PRINT-NEXT: sharing body with similar function big2 (thunk)

; REPORT: "similar": {
; REPORT: "classes_merged": 1,
; REPORT: "functions_considered": 4,
; REPORT: "refusals": [
; REPORT-NEXT: {
; REPORT-NEXT: "function": "m1",
; REPORT-NEXT: "reason": "merging saves too few bytes",
; REPORT-NEXT: "survivor": "m1"
; REPORT-NEXT: },
; REPORT-NEXT: {
; REPORT-NEXT: "function": "m2",
; REPORT-NEXT: "reason": "merging saves too few bytes",
; REPORT-NEXT: "survivor": "m1"
; REPORT-NEXT: }
; REPORT-NEXT: ],
; REPORT-NEXT: "refused": 2

; CHECK-LABEL: define i32 @t1(i32 %x) {
; CHECK-NEXT: %v = load i32, ptr @g1, align 4
; CHECK-LABEL: define i32 @t2(i32 %x) {
; CHECK-NEXT: %v = load i32, ptr @g2, align 4
; CHECK-LABEL: define i32 @m1(i32 %x) {
; CHECK-NEXT: %v = load i32, ptr @g1, align 4
; CHECK-LABEL: define i32 @m2(i32 %x) {
; CHECK-NEXT: %v = load i32, ptr @g2, align 4
; CHECK-LABEL: define i32 @big1(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @big1.lmf.similar(i32 %0, ptr @g1)
; CHECK-LABEL: define internal i32 @big1.lmf.similar(i32 %x, ptr %0) unnamed_addr {
; CHECK-LABEL: define i32 @big2(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @big1.lmf.similar(i32 %x, ptr @g2)

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

define i32 @t1(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = add i32 %v, %x
  ret i32 %w
}

define i32 @t2(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %w = add i32 %v, %x
  ret i32 %w
}

define i32 @m1(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @m2(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @big1(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = sub i32 %v, %x
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

define i32 @big2(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %w = sub i32 %v, %x
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
