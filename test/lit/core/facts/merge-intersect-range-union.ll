; !range on a load is an optimizer fact: [0,10) in @f and [20,30) in @g. The
; twins fold and the survivor's load keeps the union of both ranges, which
; holds for every caller.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %v = load i32, ptr %p, align 4, !range [[R:![0-9]+]]
; CHECK: [[R]] = !{i32 0, i32 10, i32 20, i32 30}

define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !range !0
  %r = add i32 %v, 1
  ret i32 %r
}

define internal i32 @g(ptr %p) unnamed_addr {
  %v = load i32, ptr %p, align 4, !range !1
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr %p)
  ret i32 %r
}

!0 = !{i32 0, i32 10}
!1 = !{i32 20, i32 30}
