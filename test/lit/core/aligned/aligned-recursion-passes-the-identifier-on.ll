; Recursion stays recursion: each member's call of itself becomes a call of
; the merged body, and where both members' self calls are matched the call
; passes the identifier on, so @f1 recurses into @f1's code and @f2 into
; @f2's. A member's call of the other member still calls that member's
; symbol (another definition may replace it at link time).
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal i32 @f1.lmf.aligned(i32 %n, i1 noundef %lmf.id)
; CHECK: call i32 @f1.lmf.aligned(i32 %m, i1 %lmf.id)
; CHECK: call i32 @g(i32
; CHECK: ret i32

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)
declare i32 @g(i32)

define i32 @f1(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @f1(i32 %m)
  %s = mul i32 %r, 3
  call void @use(i32 %s)
  %t = call i32 @g(i32 %s)
  ret i32 %t
done:
  ret i32 1
}

define i32 @f2(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @f2(i32 %m)
  %s = mul i32 %r, 5
  call void @use(i32 %s)
  %t = call i32 @g(i32 %s)
  ret i32 %t
done:
  ret i32 2
}
