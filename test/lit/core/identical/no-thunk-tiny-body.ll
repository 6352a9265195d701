; A thunk is one tail call: replacing a one-instruction body by a thunk saves
; nothing. Address-significant twins whose body is a single `ret` are left
; alone (refused), whereas internal unnamed_addr ones are still erased since
; that needs no thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: selected function f
; PRINT-NEXT: removing identical function h (erased)
; PRINT-NOT: removing identical function g

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: ret i32 7
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: ret i32 7
; CHECK-NOT: @h(

; REPORT: "function": "g"
; REPORT-NEXT: "reason": "thunk is not smaller than the body"

define i32 @f(i32 %x) {
  ret i32 7
}

define i32 @g(i32 %x) {
  ret i32 7
}

define internal i32 @h(i32 %x) unnamed_addr {
  ret i32 7
}
