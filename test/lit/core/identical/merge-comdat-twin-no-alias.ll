; An alias must not point into or out of a comdat: if the linker discards the
; group, an alias defined by it dangles. The external unnamed_addr @g lives in
; its own comdat, so instead of an alias it becomes a thunk that keeps its
; comdat, and in-module uses go to the survivor.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK: $g = comdat any
; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @g(i32 %x) unnamed_addr comdat {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)

$g = comdat any

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr comdat {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @g(i32 1)
  ret i32 %a
}
