; The larger alignment must reach the body on every path, including when the
; body moves to a private copy (no member is an exact definition): the
; private body carries the maximum alignment of the class.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: erased)
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define internal i32 @f.lmf.body(i32 %x) unnamed_addr align 32 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NOT: define {{.*}} @f(
; CHECK-NOT: define {{.*}} @g(

define linkonce_odr i32 @f(i32 %x) unnamed_addr align 2 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) unnamed_addr align 32 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  store ptr @g, ptr %slot
  %r = call i32 @f(i32 1)
  ret i32 %r
}
