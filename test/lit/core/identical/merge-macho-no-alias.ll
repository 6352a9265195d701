; On Mach-O an alias is not a second symbol at the same address the way it is
; on ELF, so an external unnamed_addr twin becomes a thunk there (uses in the
; module still go to the survivor) instead of an alias.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)

target triple = "arm64-apple-macosx14.0.0"

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @g(i32 1)
  ret i32 %a
}
