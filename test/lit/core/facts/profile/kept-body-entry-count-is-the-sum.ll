; The kept body of folded twins runs the calls of every twin: its entry count
; is the sum of theirs (10 + 20 + 30), so that code generation places it by
; the traffic it now has (a cold survivor that took a hot twin's calls must
; not stay with the cold code).
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s

; CHECK: define internal i32 @f(i32 %x) unnamed_addr !prof [[COUNT:![0-9]+]] {
; CHECK-NOT: define internal i32 @g(
; CHECK-NOT: define internal i32 @h(
; CHECK: [[COUNT]] = !{!"function_entry_count", i64 60}

define internal i32 @f(i32 %x) unnamed_addr !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr !prof !21 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @h(i32 %x) unnamed_addr !prof !22 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @user(i32 %x) {
  %r = call i32 @f(i32 %x)
  %s = call i32 @g(i32 %r)
  %t = call i32 @h(i32 %s)
  ret i32 %t
}

!20 = !{!"function_entry_count", i64 10}
!21 = !{!"function_entry_count", i64 20}
!22 = !{!"function_entry_count", i64 30}
