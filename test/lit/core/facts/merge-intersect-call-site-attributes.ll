; Attributes on call sites inside the bodies are intersected like those on
; the functions: @f passes its pointer with `nonnull noundef`, @g without.
; The twins fold and the survivor's call keeps neither.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %v = call i32 @ext(ptr %p)
; CHECK-NEXT: %r = add i32 %v, 1

declare i32 @ext(ptr)

define i32 @f(ptr %p) {
  %v = call i32 @ext(ptr nonnull noundef %p)
  %r = add i32 %v, 1
  ret i32 %r
}

define internal i32 @g(ptr %p) unnamed_addr {
  %v = call i32 @ext(ptr %p)
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @use() {
  %r = call i32 @g(ptr null)
  ret i32 %r
}
