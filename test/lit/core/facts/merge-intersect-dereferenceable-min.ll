; dereferenceable(48) versus dereferenceable(12) (the most frequent
; difference ICF folds and MergeFunctions does not): the twins fold and the
; survivor's parameter keeps the minimum, dereferenceable(12), which @g's
; callers guarantee too.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(ptr dereferenceable(12) %p) {
; CHECK-NEXT: %v = load i32, ptr %p, align 4

define i32 @f(ptr dereferenceable(48) %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define internal i32 @g(ptr dereferenceable(12) %p) unnamed_addr {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr dereferenceable(12) %p)
  ret i32 %r
}
