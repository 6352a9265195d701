; A cycle through function addresses: @r1 stores the address of @s1 and
; @s1 the address of @r1; @r2 and @s2 likewise. All four are unnamed_addr,
; so their addresses are not significant and may stand for their class:
; r1/r2 and s1/s2 fold. The same cycle through address-significant
; functions (@p1/@q1, @p2/@q2, no unnamed_addr) must not fold by class: the
; stored addresses would become equal.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s

; CHECK: selected function r1
; CHECK-NEXT: removing identical function r2 (erased)
; CHECK: selected function s1
; CHECK-NEXT: removing identical function s2 (erased)
; CHECK-NOT: removing identical function p2
; CHECK-NOT: removing identical function q2

@slot = global ptr null

define internal void @r1() unnamed_addr {
  store volatile ptr @s1, ptr @slot
  store volatile ptr @s1, ptr @slot
  ret void
}
define internal void @s1() unnamed_addr {
  store volatile ptr @r1, ptr @slot
  store volatile ptr null, ptr @slot
  ret void
}
define internal void @r2() unnamed_addr {
  store volatile ptr @s2, ptr @slot
  store volatile ptr @s2, ptr @slot
  ret void
}
define internal void @s2() unnamed_addr {
  store volatile ptr @r2, ptr @slot
  store volatile ptr null, ptr @slot
  ret void
}

define void @p1() {
  store volatile ptr @q1, ptr @slot
  store volatile ptr @q1, ptr @slot
  ret void
}
define void @q1() {
  store volatile ptr @p1, ptr @slot
  store volatile ptr null, ptr @slot
  ret void
}
define void @p2() {
  store volatile ptr @q2, ptr @slot
  store volatile ptr @q2, ptr @slot
  ret void
}
define void @q2() {
  store volatile ptr @p2, ptr @slot
  store volatile ptr null, ptr @slot
  ret void
}

define void @main() {
  call void @r1()
  call void @r2()
  ret void
}
