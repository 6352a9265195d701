; Among external exact bodies, the one whose address is significant is kept:
; the unnamed_addr @a can then become a cheap alias, whereas keeping @a would
; force @b to stay as a thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function b
; PRINT-NEXT: removing identical function a (alias)

; CHECK: @a = unnamed_addr alias i32 (i32), ptr @b
; CHECK-LABEL: define i32 @b(
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @a(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @b(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
