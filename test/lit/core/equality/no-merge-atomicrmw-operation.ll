; The operation of an atomicrmw (add, sub, xchg...) is not an operand; a
; comparator that forgets it would fold an atomic increment with an atomic
; decrement.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: atomicrmw add ptr %p, i32 1 seq_cst
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: atomicrmw sub ptr %p, i32 1 seq_cst

define i32 @f(ptr %p) {
  %old = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  %r = add i32 %old, 1
  ret i32 %r
}

define i32 @g(ptr %p) {
  %old = atomicrmw sub ptr %p, i32 1 seq_cst, align 4
  %r = add i32 %old, 1
  ret i32 %r
}
