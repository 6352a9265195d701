; Phis of blocks that start together are merged by type; on an edge both
; members take with different inputs, a select on the identifier picks the
; running member's. @f1 and @f2 run the same loop, which accumulates with
; an add in @f1 and a xor in @f2 and starts from 0 and 7: the loop is
; shared, its header has one phi per value, and only the accumulating
; instruction runs in a member's own block.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal i32 @f1.lmf.aligned(ptr %p, i32 %n, i1 noundef %lmf.id)
; CHECK: [[INIT:%.*]] = select i1 %lmf.id, i32 7, i32 0
; CHECK: %i = phi i32 [ 0, %{{[0-9]+}} ], [ %i.next, %{{[0-9]+}} ]
; CHECK-NEXT: %acc = phi i32 [ [[INIT]], %{{[0-9]+}} ], [ {{%.*}}, %{{[0-9]+}} ]
; CHECK-NOT: phi
; CHECK: add i32 %acc, %v
; CHECK: xor i32 %acc, %v
; CHECK: ret i32

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(ptr %p, i32 %n) {
entry:
  call void @use(i32 %n)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @use(i32 %acc.next)
  ret i32 %acc.next
}

define i32 @f2(ptr %p, i32 %n) {
entry:
  call void @use(i32 %n)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 7, %entry ], [ %acc.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %acc.next = xor i32 %acc, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @use(i32 %acc.next)
  ret i32 %acc.next
}
