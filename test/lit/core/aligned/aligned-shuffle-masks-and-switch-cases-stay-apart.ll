; Shuffle masks and switch case values are part of the operation: members
; that differ in them keep their own shufflevector and switch, each behind a
; branch on the identifier, and no select chooses a mask or a case value.
; The shared instructions around them are matched.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal i32 @f1.lmf.aligned(
; CHECK-DAG: shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-DAG: shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
; CHECK-DAG: i32 1, label
; CHECK-DAG: i32 2, label
; CHECK-DAG: i32 5, label
; CHECK-DAG: i32 6, label
; CHECK-NOT: select i1 %lmf.id, <4 x i32>

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(<4 x i32> %v, i32 %k) {
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
  %e = extractelement <4 x i32> %s, i32 0
  call void @use(i32 %e)
  switch i32 %k, label %d [ i32 1, label %a
                            i32 2, label %b ]
a:
  call void @use(i32 10)
  br label %d
b:
  call void @use(i32 20)
  br label %d
d:
  %r = add i32 %e, %k
  ret i32 %r
}

define i32 @f2(<4 x i32> %v, i32 %k) {
  %s = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %e = extractelement <4 x i32> %s, i32 0
  call void @use(i32 %e)
  switch i32 %k, label %d [ i32 5, label %a
                            i32 6, label %b ]
a:
  call void @use(i32 10)
  br label %d
b:
  call void @use(i32 20)
  br label %d
d:
  %r = add i32 %e, %k
  ret i32 %r
}
