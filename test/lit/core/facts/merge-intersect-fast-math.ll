; Fast-math flags are intersected: `fast` on @f and `nnan ninf` on @g fold,
; and the survivor keeps only `nnan ninf`.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define float @f(
; CHECK-NEXT: %a = fadd nnan ninf float %x, %y
; CHECK-NEXT: %b = fmul float %a, %x

define float @f(float %x, float %y) {
  %a = fadd fast float %x, %y
  %b = fmul reassoc float %a, %x
  ret float %b
}

define internal float @g(float %x, float %y) unnamed_addr {
  %a = fadd nnan ninf float %x, %y
  %b = fmul float %a, %x
  ret float %b
}

define float @use() {
  %r = call float @g(float 1.0, float 2.0)
  ret float %r
}
