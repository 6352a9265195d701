; `!callees` on an indirect call is a fact, not a hint: calling a function
; outside the list is undefined behaviour, and indirect-call promotion may
; turn the call into a direct call to the only listed callee. @f's call may
; only reach @a, @g's only @b. Folding @g into @f must not leave @f's call
; with `!callees !{ptr @a}`, which is false for @g's callers: the survivor
; keeps the union or nothing, or the functions are not folded. (The RUN lines
; accept each correct outcome.)
; RUN: %opt-merge -S %s -o %t.ll
; RUN: grep -q "define internal i32 @g" %t.ll || not grep -q "= !{ptr @a}" %t.ll

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
