; A phi input read from a member's constant table is loaded at the end of
; its incoming block, once per block: @f and @g take five arguments and
; differ in two phi inputs (one listed twice, for the two switch cases that
; reach %join from %entry, which must show one value), so both travel in a
; table. The load for %entry's input sits before its switch and serves both
; entries; the load for %other's sits in %other.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S %s | FileCheck %s

; CHECK: @f.lmf.constants = private unnamed_addr constant { i32, i32 } { i32 7, i32 11 }, align 4
; CHECK: @g.lmf.constants = private unnamed_addr constant { i32, i32 } { i32 8, i32 12 }, align 4
; CHECK: define internal i32 @f.lmf.similar(i32 %k, i32 %a, i32 %b, i32 %c, i32 %d, ptr {{.*}}[[TABLE:%[0-9]+]]) unnamed_addr {
; CHECK-NEXT: entry:
; CHECK-NEXT: [[A0:%.*]] = getelementptr inbounds { i32, i32 }, ptr [[TABLE]], i32 0, i32 0
; CHECK-NEXT: [[V0:%.*]] = load i32, ptr [[A0]], align 4, !invariant.load
; CHECK-NEXT: switch i32 %k
; CHECK: other:
; CHECK-NEXT: [[A1:%.*]] = getelementptr inbounds { i32, i32 }, ptr [[TABLE]], i32 0, i32 1
; CHECK-NEXT: [[V1:%.*]] = load i32, ptr [[A1]], align 4, !invariant.load
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %x = phi i32 [ [[V0]], %entry ], [ [[V0]], %entry ], [ [[V1]], %other ]

target triple = "x86_64-unknown-linux-gnu"

%pair = type { i32, i32 }

@s1 = global %pair zeroinitializer
@s2 = global %pair zeroinitializer

define i32 @f(i32 %k, i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  switch i32 %k, label %other [
    i32 0, label %join
    i32 1, label %join
  ]
other:
  br label %join
join:
  %x = phi i32 [ 7, %entry ], [ 7, %entry ], [ 11, %other ]
  %f = load i32, ptr getelementptr inbounds (%pair, ptr @s1, i64 0, i32 1), align 4
  %s0 = add i32 %x, %f
  %s1 = add i32 %s0, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %c0 = add i32 %s3, %d
  %e = icmp eq i32 %c0, 100
  br i1 %e, label %out, label %more
more:
  %y = add i32 %c0, 5
  br label %out
out:
  %z = phi i32 [ %c0, %join ], [ %y, %more ]
  %c1 = mul i32 %z, %z
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define i32 @g(i32 %k, i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  switch i32 %k, label %other [
    i32 0, label %join
    i32 1, label %join
  ]
other:
  br label %join
join:
  %x = phi i32 [ 8, %entry ], [ 8, %entry ], [ 12, %other ]
  %f = load i32, ptr getelementptr inbounds (%pair, ptr @s1, i64 0, i32 1), align 4
  %s0 = add i32 %x, %f
  %s1 = add i32 %s0, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %c0 = add i32 %s3, %d
  %e = icmp eq i32 %c0, 100
  br i1 %e, label %out, label %more
more:
  %y = add i32 %c0, 5
  br label %out
out:
  %z = phi i32 [ %c0, %join ], [ %y, %more ]
  %c1 = mul i32 %z, %z
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}
