; Among exact bodies, the survivor is one whose symbol must stay anyway: the
; external @b is kept although the internal @a comes first, so @a can simply
; be erased instead of @b needing an alias or a thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function b
; PRINT-NEXT: removing identical function a (erased)

; CHECK-NOT: @a(
; CHECK-LABEL: define i32 @b(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @b(i32 1)

define internal i32 @a(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @b(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @a(i32 1)
  ret i32 %r1
}
