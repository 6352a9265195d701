; A linkonce_odr unnamed_addr twin of an exact external survivor: every
; module that uses a linkonce_odr function carries its own copy, so the
; symbol need not stay; all uses go to the survivor and the twin is erased.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-NOT: @g
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: store ptr @f, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
