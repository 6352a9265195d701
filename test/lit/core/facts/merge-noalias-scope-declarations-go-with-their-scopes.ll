; A noalias scope declared by llvm.experimental.noalias.scope.decl holds from
; each run of the declaration, here each iteration of a loop. @f declares its
; scope in the loop, so a store and a load of two iterations may overlap; @g
; declares a scope of its own but tags its accesses with a scope it never
; declares, a claim for the whole call. The two compare equal (scopes are
; not part of equality). Keeping @g's declaration with the tags of both
; told @f's callers that the accesses of two iterations never overlap, and
; a loop that must run with p and p + 1 overlapping computed wrong values
; after -O2. Now every mention of a scope either twin declares goes (the
; declarations stay and claim nothing), in every stage; scopes nobody declares (@f's
; function-wide ones) are intersected as before.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s --check-prefix=ALIGNED

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define void @f(
; CHECK: store i32 %v, ptr %dst, align 4{{$}}
; CHECK-NOT: !alias.scope
; CHECK-NOT: !noalias
; CHECK: ret void
; CHECK-NOT: define {{.*}}@g(

; The aligned body of @a and @b (one extra store in @b) names no declared
; scope either.
; ALIGNED-LABEL: define internal void @a.lmf.aligned(
; ALIGNED-NOT: !alias.scope
; ALIGNED-NOT: !noalias
; ALIGNED: ret void

declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %src = getelementptr i32, ptr %p, i32 %i
  %i1 = add i32 %i, 1
  %dst = getelementptr i32, ptr %p, i32 %i1
  %v = load i32, ptr %src, align 4, !noalias !2
  store i32 %v, ptr %dst, align 4, !alias.scope !2
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define internal void @g(ptr %p, i32 %n) unnamed_addr {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %src = getelementptr i32, ptr %p, i32 %i
  %i1 = add i32 %i, 1
  %dst = getelementptr i32, ptr %p, i32 %i1
  %v = load i32, ptr %src, align 4, !noalias !2
  store i32 %v, ptr %dst, align 4, !alias.scope !2
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define internal void @a(ptr %p, ptr %q, i32 %x) unnamed_addr {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i32, ptr %q, align 4, !noalias !2
  %w = add i32 %v, %x
  store i32 %w, ptr %p, align 4, !alias.scope !2
  %u = mul i32 %w, %x
  store i32 %u, ptr %p, align 4, !alias.scope !2
  ret void
}

define internal void @b(ptr %p, ptr %q, i32 %x) unnamed_addr {
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %v = load i32, ptr %q, align 4, !noalias !5
  %w = add i32 %v, %x
  store i32 %w, ptr %p, align 4, !alias.scope !5
  store i32 %w, ptr %q, align 4, !noalias !5
  %u = mul i32 %w, %x
  store i32 %u, ptr %p, align 4, !alias.scope !5
  ret void
}

define void @use(ptr %p, i32 %n) {
  call void @g(ptr %p, i32 %n)
  call void @a(ptr %p, ptr %p, i32 1)
  call void @b(ptr %p, ptr %p, i32 2)
  ret void
}

!0 = distinct !{!0, !"domain f"}
!1 = distinct !{!1, !0, !"f: restrict p"}
!2 = !{!1}
!3 = distinct !{!3, !"domain g"}
!4 = distinct !{!4, !3, !"g: restrict p"}
!5 = !{!4}
