; `align` is normally intersectable (the minimum holds for both), but on a
; byval parameter it is the alignment of the stack copy the caller makes, an
; ABI property: byval align 4 and byval align 16 must not fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(ptr byval(i32) align 4 %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-LABEL: define i32 @g(ptr byval(i32) align 16 %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4

define i32 @f(ptr byval(i32) align 4 %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr byval(i32) align 16 %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
