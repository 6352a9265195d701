; An inalloca argument lives in the caller's frame; forwarding it needs a
; musttail call the merger does not build, so an inalloca function that would
; need a thunk is not folded.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(ptr inalloca(i32) %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK-LABEL: define i32 @g(ptr inalloca(i32) %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4

define i32 @f(ptr inalloca(i32) %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr inalloca(i32) %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
