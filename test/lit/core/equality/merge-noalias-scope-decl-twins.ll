; After inlining a function with restrict parameters, each caller declares
; its own distinct noalias scope (llvm.experimental.noalias.scope.decl) and
; tags its accesses with it. Twins differ only in which scope node they
; declare; they fold. (Keeping the survivor's own scopes would be sound, as
; would dropping them; the scope metadata itself is intersected, see
; facts/merge-intersect-noalias-scope.ll, so it is not checked here.)
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: call void @llvm.experimental.noalias.scope.decl(
; CHECK-NEXT: store i32 %x, ptr %p, align 4
; CHECK-NEXT: %v = load i32, ptr %q, align 4
; CHECK-NEXT: ret i32 %v
; CHECK-NOT: define {{.*}}@g(

declare void @llvm.experimental.noalias.scope.decl(metadata)

define i32 @f(ptr %p, ptr %q, i32 %x) {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  store i32 %x, ptr %p, align 4, !alias.scope !2
  %v = load i32, ptr %q, align 4, !noalias !2
  ret i32 %v
}

define internal i32 @g(ptr %p, ptr %q, i32 %x) unnamed_addr {
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  store i32 %x, ptr %p, align 4, !alias.scope !5
  %v = load i32, ptr %q, align 4, !noalias !5
  ret i32 %v
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr %p, ptr %p, i32 1)
  ret i32 %r
}

!0 = distinct !{!0, !"domain f"}
!1 = distinct !{!1, !0, !"f: restrict p"}
!2 = !{!1}
!3 = distinct !{!3, !"domain g"}
!4 = distinct !{!4, !3, !"g: restrict p"}
!5 = !{!4}
