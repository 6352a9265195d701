; A function that compares a pointer with its own address is not equal to a
; twin that compares with *its* own address: once folded, @g's comparison
; would test against @f and give a different answer for @g's callers. Only
; self references in callee position (recursion) are equal; this one is not.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i1 @f(
; CHECK-NEXT: %c = icmp eq ptr %p, @f
; CHECK-LABEL: define i1 @g(
; CHECK-NEXT: %c = icmp eq ptr %p, @g

define i1 @f(ptr %p) {
  %c = icmp eq ptr %p, @f
  %r = xor i1 %c, true
  ret i1 %r
}

define i1 @g(ptr %p) {
  %c = icmp eq ptr %p, @g
  %r = xor i1 %c, true
  ret i1 %r
}
