; -lto-merge-functions-no-outline-hot gives the functions that run hot code
; the nooutline attribute, which LLVM's MachineOutliner honours: a hot entry
; count, or a block the profile makes hot (a loop entered once that runs a
; thousand times). The line is drawn at the counts that make up 99.99% of the
; profile's total (50 and more here), wider than LLVM's hot (99%: 100 and
; more), so a function entered 60 times is kept from the outliner too, unless
; the percentile is set to 99%. A hot function built for size is kept from
; it too: with no triple, as on x86-64, the outliner runs only because it was
; asked for (AArch64 and RISC-V outline minsize functions anyway:
; hot-minsize-function-keeps-default-outlining-on-aarch64.ll). Cold and warm
; functions are left to the outliner. Nothing changes without the option, or
; with the hot-function policy off.
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-no-outline-hot -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-hot-code-percentile=990000 -S | FileCheck %s --check-prefix=LLVM-HOT
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -S | FileCheck %s --check-prefix=NONE
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-hot-policy=off -S | FileCheck %s --check-prefix=NONE

; CHECK: define i32 @hot_entry(i32 %x) [[FENCED:#[0-9]+]] !prof
; CHECK: define i32 @hot_loop(i32 %n) [[FENCED]] !prof
; CHECK: define i32 @warm_for_llvm(i32 %x) [[FENCED]] !prof
; CHECK: define i32 @warm(i32 %x) !prof
; CHECK: define i32 @cold(i32 %x) !prof
; CHECK: define i32 @hot_minsize(i32 %x) [[MINSIZE:#[0-9]+]] !prof
; CHECK: attributes [[FENCED]] = { "nooutline" }
; CHECK: attributes [[MINSIZE]] = { minsize "nooutline" }

; LLVM-HOT: define i32 @hot_entry(i32 %x) [[FENCED:#[0-9]+]] !prof
; LLVM-HOT: define i32 @hot_loop(i32 %n) [[FENCED]] !prof
; LLVM-HOT: define i32 @warm_for_llvm(i32 %x) !prof

; NONE-NOT: nooutline

define i32 @hot_entry(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  ret i32 %a
}

define i32 @hot_loop(i32 %n) !prof !21 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop, !prof !30
exit:
  ret i32 %next
}

define i32 @warm_for_llvm(i32 %x) !prof !24 {
  %a = mul i32 %x, 5
  %b = add i32 %a, %x
  %c = lshr i32 %b, 1
  ret i32 %c
}

define i32 @warm(i32 %x) !prof !22 {
  %a = mul i32 %x, 3
  %b = sub i32 %a, %x
  ret i32 %b
}

define i32 @cold(i32 %x) !prof !23 {
  %a = xor i32 %x, 7
  %b = shl i32 %a, 2
  %c = or i32 %b, 1
  ret i32 %c
}

define i32 @hot_minsize(i32 %x) minsize !prof !20 {
  %a = udiv i32 %x, 5
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
!21 = !{!"function_entry_count", i64 1}
!22 = !{!"function_entry_count", i64 5}
!23 = !{!"function_entry_count", i64 0}
!24 = !{!"function_entry_count", i64 60}
!30 = !{!"branch_weights", i32 1, i32 999}
