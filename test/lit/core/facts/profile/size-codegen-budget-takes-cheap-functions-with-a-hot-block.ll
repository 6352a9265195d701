; Functions with a hot block still take code generation for size when they
; are among those that execute least per instruction and together execute
; at most the budget's share of the module (-lto-merge-functions-size-codegen-budget,
; in millionths). Here the module executes about 5,700 instructions: @cold
; none, @warm_big 540 (60 per instruction), @warm_small 160 (80 each),
; @kernel 4,000 (a loop run a thousand times), @hot_entry 1,000. A budget of
; 10% (570) takes @cold and @warm_big, and stops at @warm_small; the default
; (0.3%, 17) and 0 take only @cold; the whole module takes all but
; @hot_entry, which is hot under the hot-function policy and never taken.
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll -o %t.ll
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-optsize-cold -lto-merge-functions-size-codegen-budget=100000 -S %t.ll | FileCheck %s --check-prefix=TENTH
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-optsize-cold -S %t.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-optsize-cold -lto-merge-functions-size-codegen-budget=0 -S %t.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-optsize-cold -lto-merge-functions-size-codegen-budget=1000000 -S %t.ll | FileCheck %s --check-prefix=ALL

; TENTH: define i32 @hot_entry(i32 %x) [[FAST:#[0-9]+]] !prof
; TENTH: define i32 @kernel(i32 %n) [[FAST]] !prof
; TENTH: define i32 @warm_big(i32 %x) [[SIZE:#[0-9]+]] !prof
; TENTH: define i32 @warm_small(i32 %x) [[FAST]] !prof
; TENTH: define i32 @cold(i32 %x) [[SIZE]] !prof
; TENTH-DAG: attributes [[FAST]] = { "nooutline" }
; TENTH-DAG: attributes [[SIZE]] = { optsize }

; NONE: define i32 @hot_entry(i32 %x) [[FAST:#[0-9]+]] !prof
; NONE: define i32 @kernel(i32 %n) [[FAST]] !prof
; NONE: define i32 @warm_big(i32 %x) [[FAST]] !prof
; NONE: define i32 @warm_small(i32 %x) [[FAST]] !prof
; NONE: define i32 @cold(i32 %x) [[SIZE:#[0-9]+]] !prof
; NONE-DAG: attributes [[FAST]] = { "nooutline" }
; NONE-DAG: attributes [[SIZE]] = { optsize }

; ALL: define i32 @hot_entry(i32 %x) [[FAST:#[0-9]+]] !prof
; ALL: define i32 @kernel(i32 %n) [[SIZE:#[0-9]+]] !prof
; ALL: define i32 @warm_big(i32 %x) [[SIZE]] !prof
; ALL: define i32 @warm_small(i32 %x) [[SIZE]] !prof
; ALL: define i32 @cold(i32 %x) [[SIZE]] !prof
; ALL-DAG: attributes [[FAST]] = { "nooutline" }
; ALL-DAG: attributes [[SIZE]] = { optsize }

define i32 @hot_entry(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  ret i32 %a
}

define i32 @kernel(i32 %n) !prof !21 {
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

define i32 @warm_big(i32 %x) !prof !22 {
  %a = mul i32 %x, 3
  %b = sub i32 %a, %x
  %c = xor i32 %b, 5
  %d = shl i32 %c, 2
  %e = or i32 %d, 1
  %f = and i32 %e, 1023
  %g = add i32 %f, %a
  %h = lshr i32 %g, 1
  ret i32 %h
}

define i32 @warm_small(i32 %x) !prof !23 {
  %a = mul i32 %x, 7
  ret i32 %a
}

define i32 @cold(i32 %x) !prof !24 {
  %a = xor i32 %x, 7
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
!21 = !{!"function_entry_count", i64 1}
!22 = !{!"function_entry_count", i64 60}
!23 = !{!"function_entry_count", i64 80}
!24 = !{!"function_entry_count", i64 0}
!30 = !{!"branch_weights", i32 1, i32 999}
