; Internal classes get type ids that are `distinct !{}` nodes: two of them
; print alike and name two classes. Functions that differ only in the id
; they test (llvm.type.test, llvm.type.checked.load) must stay apart, or
; "is this object a B?" would test against A's id after the fold. Distinct
; nodes are compared by identity in every mode and stage; two functions
; testing the same id (the positive control) still fold. Aligned merging may
; share a body between the two, each member running its own test.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s --check-prefix=ALIGNED
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: removing identical function isA2
; PRINT-NOT: removing identical function

; CHECK-LABEL: define internal i1 @isA(
; CHECK: call i1 @llvm.type.test(ptr %vt, metadata [[A:![0-9]+]])
; CHECK-LABEL: define internal i1 @isB(
; CHECK: call i1 @llvm.type.test(ptr %vt, metadata [[B:![0-9]+]])
; CHECK-NOT: define internal i1 @isA2(
; CHECK-LABEL: define internal ptr @loadA(
; CHECK: call { ptr, i1 } @llvm.type.checked.load(ptr %vt, i32 0, metadata [[A]])
; CHECK-LABEL: define internal ptr @loadB(
; CHECK: call { ptr, i1 } @llvm.type.checked.load(ptr %vt, i32 0, metadata [[B]])
; CHECK-DAG: [[A]] = distinct !{}
; CHECK-DAG: [[B]] = distinct !{}

; ALIGNED-LABEL: define internal i1 @isA.lmf.aligned(
; ALIGNED-DAG: call i1 @llvm.type.test(ptr %vt, metadata [[X:![0-9]+]])
; ALIGNED-DAG: call i1 @llvm.type.test(ptr %vt, metadata [[Y:![0-9]+]])
; ALIGNED-LABEL: define internal ptr @loadA.lmf.aligned(
; ALIGNED-DAG: @llvm.type.checked.load(ptr %vt, i32 0, metadata [[X]])
; ALIGNED-DAG: @llvm.type.checked.load(ptr %vt, i32 0, metadata [[Y]])
; ALIGNED-LABEL: define void @use(
; ALIGNED-DAG: [[X]] = distinct !{}
; ALIGNED-DAG: [[Y]] = distinct !{}

@vtA = internal constant [1 x ptr] [ptr null], !type !0
@vtB = internal constant [1 x ptr] [ptr null], !type !1

declare i1 @llvm.type.test(ptr, metadata)
declare { ptr, i1 } @llvm.type.checked.load(ptr, i32, metadata)
declare void @trap()

define internal i1 @isA(ptr %obj) unnamed_addr {
  %vt = load ptr, ptr %obj
  %t = call i1 @llvm.type.test(ptr %vt, metadata !2)
  br i1 %t, label %yes, label %no
yes:
  ret i1 true
no:
  call void @trap()
  ret i1 false
}

define internal i1 @isB(ptr %obj) unnamed_addr {
  %vt = load ptr, ptr %obj
  %t = call i1 @llvm.type.test(ptr %vt, metadata !3)
  br i1 %t, label %yes, label %no
yes:
  ret i1 true
no:
  call void @trap()
  ret i1 false
}

define internal i1 @isA2(ptr %obj) unnamed_addr {
  %vt = load ptr, ptr %obj
  %t = call i1 @llvm.type.test(ptr %vt, metadata !2)
  br i1 %t, label %yes, label %no
yes:
  ret i1 true
no:
  call void @trap()
  ret i1 false
}

define internal ptr @loadA(ptr %obj) unnamed_addr {
  %vt = load ptr, ptr %obj
  %p = call { ptr, i1 } @llvm.type.checked.load(ptr %vt, i32 0, metadata !2)
  %f = extractvalue { ptr, i1 } %p, 0
  %ok = extractvalue { ptr, i1 } %p, 1
  br i1 %ok, label %yes, label %no
yes:
  ret ptr %f
no:
  call void @trap()
  ret ptr null
}

define internal ptr @loadB(ptr %obj) unnamed_addr {
  %vt = load ptr, ptr %obj
  %p = call { ptr, i1 } @llvm.type.checked.load(ptr %vt, i32 0, metadata !3)
  %f = extractvalue { ptr, i1 } %p, 0
  %ok = extractvalue { ptr, i1 } %p, 1
  br i1 %ok, label %yes, label %no
yes:
  ret ptr %f
no:
  call void @trap()
  ret ptr null
}

define void @use(ptr %o, ptr %out) {
  %a = call i1 @isA(ptr %o)
  %b = call i1 @isB(ptr %o)
  %c = call i1 @isA2(ptr %o)
  %x = and i1 %a, %b
  %y = and i1 %x, %c
  store i1 %y, ptr %out
  %la = call ptr @loadA(ptr %o)
  %lb = call ptr @loadB(ptr %o)
  store ptr %la, ptr %out
  store ptr %lb, ptr %out
  ret void
}

!0 = !{i64 0, !2}
!1 = !{i64 0, !3}
!2 = distinct !{}
!3 = distinct !{}
