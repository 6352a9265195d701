; !tbaa tags (here on stores, an access of type int in @f and of type short
; in @g) are intersectable: the twins fold and the survivor's store gets the
; most generic tag covering both, the common ancestor "omnipotent char", so no
; alias query is answered from a type @g's callers never promised.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define void @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: store i32 %a, ptr %p, align 4, !tbaa [[TAG:![0-9]+]]
; CHECK: [[TAG]] = !{[[CHAR:![0-9]+]], [[CHAR]], i64 0}
; CHECK: [[CHAR]] = !{!"omnipotent char",

define void @f(ptr %p, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr %p, align 4, !tbaa !3
  ret void
}

define internal void @g(ptr %p, i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  store i32 %a, ptr %p, align 4, !tbaa !5
  ret void
}

define void @use(ptr %p) {
  call void @g(ptr %p, i32 1)
  ret void
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!4 = !{!"short", !1, i64 0}
!5 = !{!4, !4, i64 0}
