; Identical functions thin_a and thin_b, compiled for ThinLTO by the tests
; that link them beside full-twins.ll.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"



define i32 @thin_a(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %sq = mul i32 %i, %i
  %x = xor i32 %sq, %s
  %s.next = add i32 %s, %x
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @thin_b(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %sq = mul i32 %i, %i
  %x = xor i32 %sq, %s
  %s.next = add i32 %s, %x
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

@twins_result = global i32 0

define void @twins_entry() {
  %n = load volatile i32, ptr @twins_result
  %ra = call i32 @thin_a(i32 %n)
  %rb = call i32 @thin_b(i32 %n)
  %sum = add i32 %ra, %rb
  store volatile i32 %sum, ptr @twins_result
  ret void
}
