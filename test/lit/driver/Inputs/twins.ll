; Two identical functions whose addresses are taken and compared: merging
; in mode `safe` keeps the addresses apart (callers-redirected), mode `all`
; erases one. The program needs no C library.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@pa = global ptr @a
@pb = global ptr @b
@same = global i1 false

define i32 @a(i32 %n) noinline {
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

define i32 @b(i32 %n) noinline {
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

define void @_start() {
  %fa = load volatile ptr, ptr @pa
  %fb = load volatile ptr, ptr @pb
  %ra = call i32 %fa(i32 7)
  %rb = call i32 %fb(i32 7)
  %eq = icmp eq ptr %fa, %fb
  store volatile i1 %eq, ptr @same
  ret void
}
