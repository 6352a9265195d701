; Matched instructions keep only the flags that hold in both members, as
; identical merging keeps them (AnnotationIntersector.h): @f1's `add nsw`
; and @f2's `add` become one `add`; the `mul nuw nsw` both have stays
; `nuw nsw`; `getelementptr inbounds` against `getelementptr` loses
; `inbounds`; fast-math flags `fast` against `nnan` keep `nnan`; `!range`
; is widened to cover both. The members differ in the store at the end.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @f1.lmf.aligned(
; CHECK: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul nuw nsw i32 %a, %a
; CHECK-NEXT: %q = getelementptr i32, ptr %p, i64 2
; CHECK-NEXT: %v = load i32, ptr %q, align 4, !range ![[RANGE:[0-9]+]]
; CHECK-NEXT: %fx = fadd nnan float %y, 1.000000e+00
; CHECK-DAG: ![[RANGE]] = !{i32 0, i32 20}

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)
declare void @usef(float)

define void @f1(i32 %x, ptr %p, float %y) {
  %a = add nsw i32 %x, 1
  %b = mul nuw nsw i32 %a, %a
  %q = getelementptr inbounds i32, ptr %p, i64 2
  %v = load i32, ptr %q, !range !0
  %fx = fadd fast float %y, 1.0
  call void @usef(float %fx)
  call void @use(i32 %v)
  call void @use(i32 %b)
  store i32 %b, ptr %p
  ret void
}

define void @f2(i32 %x, ptr %p, float %y) {
  %a = add i32 %x, 1
  %b = mul nuw nsw i32 %a, %a
  %q = getelementptr i32, ptr %p, i64 2
  %v = load i32, ptr %q, !range !1
  %fx = fadd nnan float %y, 1.0
  call void @usef(float %fx)
  call void @use(i32 %v)
  call void @use(i32 %b)
  store i32 %a, ptr %p
  ret void
}

!0 = !{i32 0, i32 10}
!1 = !{i32 10, i32 20}
