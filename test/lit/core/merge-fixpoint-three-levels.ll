; A three-level cascade: each level is equal only once the level below has
; folded (leaves, then middles, then tops). Rehashing callers round by round
; takes three rounds; comparing references by class may take fewer. Only the
; outcome is checked: all three levels fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: selected function f1
; PRINT-NEXT: removing identical function g1 (erased)
; PRINT-NEXT: selected function f2
; PRINT-NEXT: removing identical function g2 (erased)
; PRINT-NEXT: selected function f3
; PRINT-NEXT: removing identical function g3 (callers-redirected)

; REPORT: "functions_folded": 3
; REPORT: "rounds": {{[123]}}

; CHECK-LABEL: define i32 @g3(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f3(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-NOT: @g1(
; CHECK-NOT: @g2(

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

define i32 @f3(i32 %x) {
  %a = call i32 @f2(i32 %x)
  %b = sub i32 %a, 7
  ret i32 %b
}

define i32 @g3(i32 %x) {
  %a = call i32 @g2(i32 %x)
  %b = sub i32 %a, 7
  ret i32 %b
}
