; Seed: every kind of operand that similar merging may or may not pass in as
; a parameter (core/equality/ParameterPositions.h), for the mutator's similar kinds to
; change: constant globals, stored values and call arguments at positions;
; intrinsic, byval, inline-asm, callbr and musttail arguments, thread-local
; addresses, compare and select operands and GEP bases next to them; and
; callees with and without operand bundles, invoked and musttail.
target triple = "x86_64-unknown-linux-gnu"

%pair = type { i32, i32 }

@g = global i32 1
@h = global i32 2
@c = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@tls = thread_local global i32 0
@s = global %pair zeroinitializer

declare void @take(i32, ptr)
declare void @take_pair(ptr byval(%pair))
declare i32 @__gxx_personality_v0(...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare ptr @llvm.threadlocal.address.p0(ptr)

define internal void @callee(i32 %x, ptr %p) {
  store i32 %x, ptr %p
  ret void
}

define internal void @other(i32 %x, ptr %p) {
  %y = add i32 %x, 1
  store i32 %y, ptr %p
  ret void
}

define i32 @positions(i32 %a) {
  %v = load i32, ptr @g
  %w = load i32, ptr getelementptr inbounds ([4 x i32], ptr @c, i64 0, i64 2)
  store i32 7, ptr @h
  store double 1.5, ptr @s
  store half 0xH3C00, ptr @s
  store i128 5, ptr @s
  store ptr @g, ptr @s
  call void @callee(i32 3, ptr @g)
  call void @take(i32 4, ptr @h)
  %r = add i32 %v, %w
  ret i32 %r
}

define void @never(ptr %p, i32 %a) {
  call void @llvm.memset.p0.i64(ptr @g, i8 0, i64 4, i1 false)
  call void @take_pair(ptr byval(%pair) @s)
  call void asm sideeffect "", "r,r"(i32 5, ptr @g)
  %t = call ptr @llvm.threadlocal.address.p0(ptr @tls)
  store i32 1, ptr %t
  %c = icmp eq ptr %p, @g
  %sel = select i1 %c, ptr @g, ptr @h
  store ptr %sel, ptr %p
  %gep = getelementptr i32, ptr @g, i32 %a
  store i32 9, ptr %gep
  ret void
}

define void @calls(i32 %a) personality ptr @__gxx_personality_v0 {
entry:
  call void @callee(i32 %a, ptr @g)
  call void @other(i32 %a, ptr @g) [ "deopt"(i32 1) ]
  invoke void @callee(i32 2, ptr @h) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define void @tail(i32 %a, ptr %p) {
  store i32 1, ptr @g
  musttail call void @callee(i32 5, ptr %p)
  ret void
}

define void @branches(i32 %a) {
entry:
  callbr void asm "", "r,!i"(i32 3) to label %x [label %y]
x:
  call void @take(i32 1, ptr @g)
  ret void
y:
  ret void
}
