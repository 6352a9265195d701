; A profile summary whose detailed cutoffs all lie below the percentiles
; profile queries look up (a tiny training run, a hand-made summary) made
; ProfileSummaryInfo end the process ("Desired percentile exceeds the
; maximum cutoff"). The pass says so once and merges as if no function
; were hot by the profile, in every stage and with the size options; the
; `hot` attribute still counts. The twins @a and @b (@a hot by its count)
; fold; @h1 and @h2 carry `hot` and are not made thunks.
; RUN: %opt-merge -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-optsize-cold -lto-merge-functions-no-outline-hot -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt-merge -lto-merge-functions-hot-code-percentile=500000 -S %s 2>&1 | FileCheck %s --check-prefix=WARN

; WARN: warning: lto-merge-functions: the profile summary's highest cutoff is 10000 millionths, below the 999999 that profile queries look up; merging as if no function were hot by the profile
; WARN-NOT: warning

; CHECK: @b = unnamed_addr alias void (i32), ptr @a
; CHECK-LABEL: define void @h1(
; CHECK-NEXT: %y = add i32 %x, 9
; CHECK-LABEL: define void @h2(
; CHECK-NEXT: %y = add i32 %x, 9

target triple = "x86_64-unknown-linux-gnu"
@g = global i32 0
define void @a(i32 %x) unnamed_addr !prof !20 {
  %y = add i32 %x, 7
  store i32 %y, ptr @g
  %z = mul i32 %y, %x
  store i32 %z, ptr @g
  ret void
}
define void @b(i32 %x) unnamed_addr !prof !21 {
  %y = add i32 %x, 7
  store i32 %y, ptr @g
  %z = mul i32 %y, %x
  store i32 %z, ptr @g
  ret void
}
define void @h1(i32 %x) #0 {
  %y = add i32 %x, 9
  store i32 %y, ptr @g
  %z = mul i32 %y, %x
  store i32 %z, ptr @g
  ret void
}
define void @h2(i32 %x) #0 {
  %y = add i32 %x, 9
  store i32 %y, ptr @g
  %z = mul i32 %y, %x
  store i32 %z, ptr @g
  ret void
}
attributes #0 = { hot }
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 10}
!4 = !{!"MaxCount", i64 10}
!5 = !{!"MaxInternalCount", i64 1}
!6 = !{!"MaxFunctionCount", i64 10}
!7 = !{!"NumCounts", i64 2}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11}
!11 = !{i32 10000, i64 10, i32 1}
!20 = !{!"function_entry_count", i64 10}
!21 = !{!"function_entry_count", i64 1}
