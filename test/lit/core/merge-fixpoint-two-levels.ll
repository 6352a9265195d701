; @f2 and @g2 differ only in what they call (@f1 vs @g1). Folding @g1 into
; @f1 makes @g2 call @f1, so @g2 must then fold into @f2: a single pass that
; compares callees by identity would miss the second fold. The merger gets
; there by rehashing callers in a second round (or, with references compared
; by class, in one); the round count is not checked, only the outcome.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: selected function f1
; PRINT-NEXT: removing identical function g1 (erased)
; PRINT-NEXT: selected function f2
; PRINT-NEXT: removing identical function g2 (erased)

; REPORT: "functions_folded": 2
; REPORT: "survivor": "f1"
; REPORT: "survivor": "f2"
; REPORT: "rounds": {{[12]}}

; CHECK-NOT: @g1(
; CHECK-NOT: @g2(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f2(i32 1)
; CHECK-NEXT: %b = call i32 @f2(i32 2)

define i32 @f1(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @f2(i32 %x) {
  %a = call i32 @f1(i32 %x)
  %b = xor i32 %a, 5
  ret i32 %b
}

define internal i32 @g2(i32 %x) unnamed_addr {
  %a = call i32 @g1(i32 %x)
  %b = xor i32 %a, 5
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @f2(i32 1)
  %b = call i32 @g2(i32 2)
  %r = add i32 %a, %b
  ret i32 %r
}
