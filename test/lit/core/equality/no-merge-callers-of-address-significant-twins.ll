; @f and @g are equal, but @g's address is significant, so @g stays a distinct
; thunk. @get_f and @get_g return those two addresses; since &f != &g must
; still hold after merging, the getters are not equal and must not fold
; (unlike callers that merely call @f or @g, which may).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)
; PRINT-NOT: get_

; CHECK-LABEL: define ptr @get_f(
; CHECK-NEXT: store i32 0, ptr %p
; CHECK-NEXT: ret ptr @f
; CHECK-LABEL: define ptr @get_g(
; CHECK-NEXT: store i32 0, ptr %p
; CHECK-NEXT: ret ptr @g

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define ptr @get_f(ptr %p) {
  store i32 0, ptr %p
  ret ptr @f
}

define ptr @get_g(ptr %p) {
  store i32 0, ptr %p
  ret ptr @g
}
