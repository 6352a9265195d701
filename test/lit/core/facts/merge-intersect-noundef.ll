; noundef (on the return value, a parameter, and as !noundef on a load) holds
; for @f only: the twins fold and the survivor keeps none of them.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(ptr %p, i32 %x) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4{{$}}
; CHECK-NEXT: %r = add i32 %v, %x

define noundef i32 @f(ptr %p, i32 noundef %x) {
  %v = load i32, ptr %p, align 4, !noundef !0
  %r = add i32 %v, %x
  ret i32 %r
}

define internal i32 @g(ptr %p, i32 %x) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, %x
  ret i32 %r
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr %p, i32 undef)
  ret i32 %r
}

!0 = !{}
