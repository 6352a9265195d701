; Twins that differ only in poison flags, !range and a nonnull parameter fold;
; the survivor keeps only what holds for both.
; RUN: %opt-merge -S %s | FileCheck %s

; CHECK-LABEL: define i32 @h(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NOT: define internal i32 @f
; CHECK-NOT: define internal i32 @g
; CHECK: call i32 @h(i32 1
; CHECK: call i32 @h(i32 2

define internal i32 @f(i32 %x, ptr %p) unnamed_addr {
  %a = add nsw i32 %x, 1
  %l = load i32, ptr %p, !range !0
  %b = mul i32 %a, %l
  ret i32 %b
}
define internal i32 @g(i32 %x, ptr nonnull %p) unnamed_addr {
  %a = add i32 %x, 1
  %l = load i32, ptr %p, !range !1
  %b = mul i32 %a, %l
  ret i32 %b
}
define i32 @h(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  %l = load i32, ptr %p
  %b = mul i32 %a, %l
  ret i32 %b
}
define i32 @use(ptr %p) {
  %1 = call i32 @f(i32 1, ptr %p)
  %2 = call i32 @g(i32 2, ptr %p)
  %3 = add i32 %1, %2
  ret i32 %3
}
!0 = !{i32 0, i32 10}
!1 = !{i32 20, i32 30}
