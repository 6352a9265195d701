; Pointers in different address spaces are different types (here a 32-bit
; local-memory pointer and a 64-bit flat one): the loads through them are
; different instructions and the functions must not fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(ptr %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-LABEL: define i32 @g(ptr addrspace(3) %p) {
; CHECK-NEXT: %v = load i32, ptr addrspace(3) %p, align 4

target datalayout = "e-p:64:64-p3:32:32"

define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr addrspace(3) %p) {
  %v = load i32, ptr addrspace(3) %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
