; Invokes are matched when their unwind blocks start the same merged block:
; @f1 and @f2 call @may_throw twice with the same cleanup landing pad,
; which they share, and differ in an argument and in one instruction. Both
; matched invokes unwind to the one shared landing pad, which stays the
; first instruction of a block only unwind edges enter.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @f1.lmf.aligned(i32 %x, ptr %p, i1 noundef %lmf.id) {{.*}}personality ptr @__gxx_personality_v0 {
; CHECK: {{^}}[[PAD:[0-9]+]]:{{.*}}preds = %{{[0-9]+}}, %{{[0-9]+}}{{$}}
; CHECK-NEXT: %lp = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK: invoke void @may_throw(i32
; CHECK-NEXT: to label %{{[0-9]+}} unwind label %[[PAD]]
; CHECK: invoke void @may_throw(i32
; CHECK-NEXT: to label %{{[0-9]+}} unwind label %[[PAD]]
; CHECK-NOT: landingpad

target triple = "x86_64-unknown-linux-gnu"

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
  invoke void @may_throw(i32 %b) to label %cont2 unwind label %lpad
cont2:
  call void @other(i32 %b)
  store i32 %b, ptr %p
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @cleanup(ptr %p)
  resume { ptr, i32 } %lp
}

define void @f2(i32 %x, ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %a = add i32 %x, 2
  invoke void @may_throw(i32 %a) to label %cont unwind label %lpad
cont:
  %b = mul i32 %a, 3
  %c = xor i32 %b, 5
  invoke void @may_throw(i32 %c) to label %cont2 unwind label %lpad
cont2:
  call void @other(i32 %b)
  store i32 %c, ptr %p
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @cleanup(ptr %p)
  resume { ptr, i32 } %lp
}
