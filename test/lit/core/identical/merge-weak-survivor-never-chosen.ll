; The survivor must be a body that cannot be replaced. @a (weak) comes first in
; the module, but the exact internal @b is kept; @a becomes a thunk to @b and
; no call into the weak body is ever introduced.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function b
; PRINT-NEXT: removing identical function a (thunk)

; CHECK-LABEL: define weak i32 @a(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @b(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @b(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @a(i32 1)
; CHECK-NEXT: %r2 = call i32 @b(i32 2)

define weak i32 @a(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @b(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @a(i32 1)
  %r2 = call i32 @b(i32 2)
  %r = add i32 %r1, %r2
  ret i32 %r
}
