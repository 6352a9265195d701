; A landing pad must be the first instruction of a block that only unwind
; edges enter, and its clauses are part of it: @f1's pad catches @TypeA,
; @f2's only cleans up. The pads are not matched; each stays first in a
; block of its own, entered only by its member's invoke, which is therefore
; not matched either. The code after the calls is shared.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @f1.lmf.aligned(
; CHECK: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK: %lp1 = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @TypeA
; CHECK: invoke void @may_throw(i32 %a)
; CHECK: invoke void @may_throw(i32 %a)

target triple = "x86_64-unknown-linux-gnu"

@TypeA = external constant ptr

declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)
declare void @cleanup(ptr)
declare void @other(i32)

define void @f1(i32 %x, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %a = add i32 %x, 1
  invoke void @may_throw(i32 %a) to label %cont unwind label %lpad
cont:
  %b = mul i32 %a, 3
  call void @other(i32 %b)
  store i32 %b, ptr %p
  ret void
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @TypeA
  call void @cleanup(ptr %p)
  ret void
}

define void @f2(i32 %x, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %a = add i32 %x, 1
  invoke void @may_throw(i32 %a) to label %cont unwind label %lpad
cont:
  %b = mul i32 %a, 3
  call void @other(i32 %b)
  store i32 %b, ptr %p
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @cleanup(ptr %p)
  resume { ptr, i32 } %lp
}
