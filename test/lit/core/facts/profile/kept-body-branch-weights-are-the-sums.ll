; The kept body of folded twins runs every twin's calls, so its branches
; weigh what all of them took: @f's branch went 90:10, @g's 5:95, and the
; kept body's weights are 95:105, not @f's alone (which would lay the body
; out for @f's callers only). The same in a similar class's shared body.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -S | FileCheck %s --check-prefix=SIMILAR

; CHECK-LABEL: define internal i32 @f(
; CHECK: br i1 %c, label %then, label %else, !prof [[W:![0-9]+]]
; CHECK-NOT: define internal i32 @g(
; CHECK: [[W]] = !{!"branch_weights", i32 95, i32 105}

; SIMILAR-LABEL: define internal i32 @s1.lmf.similar(
; SIMILAR: br i1 %c, label %then, label %else, !prof [[S:![0-9]+]]
; SIMILAR: [[S]] = !{!"branch_weights", i32 30, i32 30}

define internal i32 @f(i32 %x) unnamed_addr !prof !20 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %then, label %else, !prof !30
then:
  %a = mul i32 %x, %x
  ret i32 %a
else:
  %b = add i32 %x, 3
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr !prof !21 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %then, label %else, !prof !31
then:
  %a = mul i32 %x, %x
  ret i32 %a
else:
  %b = add i32 %x, 3
  ret i32 %b
}

@t1 = global i32 1
@t2 = global i32 2

define internal i32 @s1(i32 %x) unnamed_addr !prof !22 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %then, label %else, !prof !32
then:
  %a = mul i32 %x, %x
  %l = load i32, ptr @t1
  %r = add i32 %a, %l
  %r2 = mul i32 %r, %l
  ret i32 %r2
else:
  %b = add i32 %x, 3
  ret i32 %b
}

define internal i32 @s2(i32 %x) unnamed_addr !prof !22 {
  %c = icmp sgt i32 %x, 7
  br i1 %c, label %then, label %else, !prof !33
then:
  %a = mul i32 %x, %x
  %l = load i32, ptr @t2
  %r = add i32 %a, %l
  %r2 = mul i32 %r, %l
  ret i32 %r2
else:
  %b = add i32 %x, 3
  ret i32 %b
}

define i32 @user(i32 %x) {
  %r = call i32 @f(i32 %x)
  %s = call i32 @g(i32 %r)
  %t = call i32 @s1(i32 %s)
  %u = call i32 @s2(i32 %t)
  ret i32 %u
}

!20 = !{!"function_entry_count", i64 100}
!21 = !{!"function_entry_count", i64 100}
!22 = !{!"function_entry_count", i64 1}
!30 = !{!"branch_weights", i32 90, i32 10}
!31 = !{!"branch_weights", i32 5, i32 95}
!32 = !{!"branch_weights", i32 10, i32 20}
!33 = !{!"branch_weights", i32 20, i32 10}
