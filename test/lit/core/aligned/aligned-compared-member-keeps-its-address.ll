; A member whose address the code compares (here the guard indirect-call
; promotion leaves, `icmp eq ptr %fn, @cmp`) keeps an address of its own in
; aligned merging too, in safe and in all mode: it becomes a thunk of the
; merged body, never disappears behind its rewritten calls, though it is
; internal and unnamed_addr (issue 53), and loses unnamed_addr. Its twin
; @local, only called, is the positive control: its calls pass the
; identifier and it goes.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged aligned functions into
; PRINT-DAG: sharing body with aligned function cmp (thunk)
; PRINT-DAG: sharing body with aligned function local (calls-rewritten)

; CHECK-LABEL: define internal i32 @cmp(i32 %x) {
; CHECK-NEXT: tail call i32 @{{.*}}.lmf.aligned(
; CHECK-NOT: define internal i32 @local(
; CHECK-LABEL: define i32 @caller(
; CHECK: icmp eq ptr %fn, @cmp

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define internal i32 @cmp(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define internal i32 @local(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @caller(ptr %fn, i32 %x) {
  %is = icmp eq ptr %fn, @cmp
  br i1 %is, label %direct, label %indirect
direct:
  %r = call i32 @cmp(i32 %x)
  br label %done
indirect:
  %s = call i32 %fn(i32 %x)
  br label %done
done:
  %v = phi i32 [ %r, %direct ], [ %s, %indirect ]
  %w = call i32 @local(i32 %v)
  ret i32 %w
}
