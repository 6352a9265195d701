; The survivor @f is in a comdat: an alias @g -> @f would be defined in @f's
; group and vanish if the linker discards that group in favour of another
; module's copy. So the external unnamed_addr @g, which would otherwise
; become an alias, becomes a thunk; @f keeps its comdat.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @f(i32 %x) comdat {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) unnamed_addr {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]

$f = comdat any

define i32 @f(i32 %x) comdat {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}
