; `!callees` on an indirect call is a fact, not a hint: calling a function
; outside the list is undefined behaviour, and indirect-call promotion may
; turn the call into a direct call to the only listed callee. @f's call may
; only reach @a, @g's only @b. Folding @g into @f must not leave @f's call
; with `!callees !{ptr @a}`, which is false for @g's callers: the survivor
; keeps the union or nothing, or the functions are not folded. (The first
; two RUN lines accept each correct outcome.)
; RUN: %opt-merge -S %s -o %t.ll
; RUN: grep -q "define internal i32 @g" %t.ll || not grep -q "= !{ptr @a}" %t.ll
; Positive control: the merger takes the first way (AnnotationPolicy treats
; !callees as a fact to intersect), so the lines above check a fold and
; its survivor: @g is folded, and @f's call keeps no !callees.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=FOLDS
; RUN: FileCheck %s --check-prefix=KEPT < %t.ll
; FOLDS: selected function f
; FOLDS-NEXT: removing identical function g (erased)
; KEPT-LABEL: define i32 @f(
; KEPT-NEXT: %r = call i32 %fp(i32 %x){{$}}
; KEPT-NOT: !callees

define i32 @a(i32 %x) {
  ret i32 1
}

define i32 @b(i32 %x) {
  ret i32 2
}

define i32 @f(ptr %fp, i32 %x) {
  %r = call i32 %fp(i32 %x), !callees !0
  %s = add i32 %r, %x
  ret i32 %s
}

define internal i32 @g(ptr %fp, i32 %x) unnamed_addr {
  %r = call i32 %fp(i32 %x), !callees !1
  %s = add i32 %r, %x
  ret i32 %s
}

define i32 @use() {
  %r = call i32 @g(ptr @b, i32 3)
  ret i32 %r
}

!0 = !{ptr @a}
!1 = !{ptr @b}
