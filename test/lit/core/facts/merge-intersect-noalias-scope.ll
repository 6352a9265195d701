; !alias.scope/!noalias (from inlined restrict parameters) are facts, not
; semantics: twins that differ in them fold, and since @g has none, the
; survivor's accesses lose them.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: store i32 %x, ptr %p, align 4{{$}}
; CHECK-NEXT: %v = load i32, ptr %q, align 4{{$}}

define i32 @f(ptr %p, ptr %q, i32 %x) {
  store i32 %x, ptr %p, align 4, !alias.scope !2
  %v = load i32, ptr %q, align 4, !noalias !2
  ret i32 %v
}

define internal i32 @g(ptr %p, ptr %q, i32 %x) unnamed_addr {
  store i32 %x, ptr %p, align 4
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr %p, ptr %p, i32 1)
  ret i32 %r
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!1}
