; A field of each member's own global, read through a constant table: @f
; reads a field of @s1 and @g the same field of @s2, and they differ in two
; more integers; with five arguments, the three travel in a table. The table
; holds each member's global, and the shared body loads it and computes the
; field's address from it, as it would from a parameter. Each integer is
; loaded where it is used.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S %s | FileCheck %s

; CHECK: @f.lmf.constants = private unnamed_addr constant { ptr, i32, i32 } { ptr @s1, i32 100, i32 5 }, align 8
; CHECK: @g.lmf.constants = private unnamed_addr constant { ptr, i32, i32 } { ptr @s2, i32 200, i32 6 }, align 8
; CHECK: define internal i32 @f.lmf.similar(i32 %k, i32 %a, i32 %b, i32 %c, i32 %d, ptr {{.*}}[[TABLE:%[0-9]+]]) unnamed_addr {
; CHECK: join:
; CHECK: [[A0:%.*]] = getelementptr inbounds { ptr, i32, i32 }, ptr [[TABLE]], i32 0, i32 0
; CHECK-NEXT: [[BASE:%.*]] = load ptr, ptr [[A0]], align 8, !invariant.load
; CHECK-NEXT: [[FIELD:%.*]] = getelementptr inbounds %pair, ptr [[BASE]], i64 0, i32 1
; CHECK-NEXT: %f = load i32, ptr [[FIELD]], align 4
; CHECK: [[A1:%.*]] = getelementptr inbounds { ptr, i32, i32 }, ptr [[TABLE]], i32 0, i32 1
; CHECK-NEXT: [[V1:%.*]] = load i32, ptr [[A1]], align 8, !invariant.load
; CHECK-NEXT: %e = icmp eq i32 %c0, [[V1]]
; CHECK: more:
; CHECK-NEXT: [[A2:%.*]] = getelementptr inbounds { ptr, i32, i32 }, ptr [[TABLE]], i32 0, i32 2
; CHECK-NEXT: [[V2:%.*]] = load i32, ptr [[A2]], align 4, !invariant.load
; CHECK-NEXT: %y = add i32 %c0, [[V2]]

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
  %x = phi i32 [ 7, %entry ], [ 7, %entry ], [ 7, %other ]
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
  %x = phi i32 [ 7, %entry ], [ 7, %entry ], [ 7, %other ]
  %f = load i32, ptr getelementptr inbounds (%pair, ptr @s2, i64 0, i32 1), align 4
  %s0 = add i32 %x, %f
  %s1 = add i32 %s0, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %c0 = add i32 %s3, %d
  %e = icmp eq i32 %c0, 200
  br i1 %e, label %out, label %more
more:
  %y = add i32 %c0, 6
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
