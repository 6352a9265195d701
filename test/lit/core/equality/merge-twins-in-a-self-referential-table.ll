; A table whose initializer points at itself (a ring of nodes, each holding
; a step function and the address of the next node) and at the twins that
; read it. Looking at what the twins reference must not loop through the
; table, and the table must be rewritten where a twin goes: @step_a and
; @step_b fold (internal, their addresses stored in @ring, so @step_b stays
; as a thunk; in all mode it is erased and @ring holds @step_a twice).
; @step_c multiplies by another constant and stays apart (the negative
; control).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT-ALL

; PRINT: selected function step_a
; PRINT-NEXT: removing identical function step_b (callers-redirected)
; PRINT-NOT: removing identical function
; PRINT-ALL: selected function step_a
; PRINT-ALL-NEXT: removing identical function step_b (erased)
; PRINT-ALL-NOT: removing identical function

; CHECK: @ring = internal global [3 x %Node] [%Node { ptr @step_a, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 1), i32 0 }, %Node { ptr @step_b, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 2), i32 1 }, %Node { ptr @step_c, ptr @ring, i32 2 }]
; CHECK-LABEL: define internal i32 @step_b(
; CHECK-NEXT: tail call i32 @step_a(ptr %n, i32 %x)
; CHECK-LABEL: define internal i32 @step_c(
; CHECK: mul i32 %s, 9

; ALL: @ring = internal global [3 x %Node] [%Node { ptr @step_a, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 1), i32 0 }, %Node { ptr @step_a, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 2), i32 1 }, %Node { ptr @step_c, ptr @ring, i32 2 }]
; ALL-NOT: @step_b
; ALL-LABEL: define internal i32 @step_c(
; ALL: mul i32 %s, 9

%Node = type { ptr, ptr, i32 }

@ring = internal global [3 x %Node] [
  %Node { ptr @step_a, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 1), i32 0 },
  %Node { ptr @step_b, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 2), i32 1 },
  %Node { ptr @step_c, ptr @ring, i32 2 }], align 16

define internal i32 @step_a(ptr %n, i32 %x) {
  %f = getelementptr inbounds %Node, ptr %n, i64 0, i32 2
  %k = load i32, ptr %f, align 4
  %s = add i32 %x, %k
  %t = mul i32 %s, 7
  store i32 %t, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 0, i32 2), align 4
  ret i32 %t
}

define internal i32 @step_b(ptr %n, i32 %x) {
  %f = getelementptr inbounds %Node, ptr %n, i64 0, i32 2
  %k = load i32, ptr %f, align 4
  %s = add i32 %x, %k
  %t = mul i32 %s, 7
  store i32 %t, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 0, i32 2), align 4
  ret i32 %t
}

define internal i32 @step_c(ptr %n, i32 %x) {
  %f = getelementptr inbounds %Node, ptr %n, i64 0, i32 2
  %k = load i32, ptr %f, align 4
  %s = add i32 %x, %k
  %t = mul i32 %s, 9
  store i32 %t, ptr getelementptr inbounds ([3 x %Node], ptr @ring, i64 0, i64 0, i32 2), align 4
  ret i32 %t
}

define i32 @walk(i32 %x) {
  %fp = load ptr, ptr @ring, align 8
  %r = call i32 %fp(ptr @ring, i32 %x)
  ret i32 %r
}
