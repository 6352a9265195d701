; A volatile load is an observable access (device registers); a plain load is
; not. Folding would let the optimizer delete @f's access or add one to @g.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: load volatile i32, ptr %p, align 4
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: load i32, ptr %p, align 4

define i32 @f(ptr %p) {
  %v = load volatile i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
