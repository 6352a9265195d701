; When members are alike in every rank key (exactness, linkage, address
; significance, visibility), the survivor is chosen by name, never by module
; order or pointer values: @a is kept although @c comes first.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function a
; PRINT-NEXT: removing identical function c (erased)
; PRINT-NEXT: removing identical function b (erased)

; CHECK-LABEL: define internal i32 @a(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @a(i32 1)
; CHECK-NEXT: %r2 = call i32 @a(i32 2)
; CHECK-NEXT: %r3 = call i32 @a(i32 3)
; CHECK-NOT: @b(
; CHECK-NOT: @c(

define internal i32 @c(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @a(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @b(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @c(i32 1)
  %r2 = call i32 @a(i32 2)
  %r3 = call i32 @b(i32 3)
  %s = add i32 %r1, %r2
  %t = add i32 %s, %r3
  ret i32 %t
}
