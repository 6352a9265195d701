; byval(T) makes the caller copy sizeof(T) bytes onto the stack: byval(i32)
; and byval(i64) parameters are passed differently, so the functions differ.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(ptr byval(i32) %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-LABEL: define i32 @g(ptr byval(i64) %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4

define i32 @f(ptr byval(i32) %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr byval(i64) %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
