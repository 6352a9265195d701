; Callers of a folded function may rely on its alignment (e.g. low pointer
; bits used as tags): the survivor gets the largest alignment of the class.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)
; PRINT-NEXT: removing identical function h (erased)

; CHECK-LABEL: define i32 @f(i32 %x) align 64 {
; CHECK-NOT: @g(
; CHECK-NOT: @h(

define i32 @f(i32 %x) align 4 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr align 64 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @h(i32 %x) unnamed_addr align 16 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  store ptr @g, ptr %slot
  store ptr @h, ptr %slot
  ret i32 0
}
