; Metadata kinds the merger does not know might carry semantics, so they are
; compared like code: an instruction with !custom.kind !{i32 1} differs from
; one with !{i32 2}.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1, !custom.kind [[ONE:![0-9]+]]
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1, !custom.kind [[TWO:![0-9]+]]
; CHECK-DAG: [[ONE]] = !{i32 1}
; CHECK-DAG: [[TWO]] = !{i32 2}

define i32 @f(i32 %x) {
  %a = add i32 %x, 1, !custom.kind !0
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) {
  %a = add i32 %x, 1, !custom.kind !1
  %b = mul i32 %a, %x
  ret i32 %b
}

!0 = !{i32 1}
!1 = !{i32 2}
