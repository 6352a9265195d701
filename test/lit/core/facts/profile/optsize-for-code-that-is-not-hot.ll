; -lto-merge-functions-optsize-cold gives the functions that run no hot code
; the optsize attribute, so that code generation makes them smaller (shorter
; encodings, no alignment padding); functions that run hot code (a hot entry
; count, a hot loop) keep their speed. A function already built for size and
; one that asks for no optimization are left alone. With the hot-function
; policy off nothing is hot, and every function is optimized for size.
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-optsize-cold -lto-merge-functions-report=%t.json -S | FileCheck %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-optsize-cold -lto-merge-functions-hot-policy=off -S | FileCheck %s --check-prefix=OFF
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -S | FileCheck %s --check-prefix=NONE

; CHECK: define i32 @hot_entry(i32 %x) !prof
; CHECK: define i32 @hot_loop(i32 %n) !prof
; CHECK: define i32 @cold(i32 %x) [[SIZE:#[0-9]+]] !prof
; CHECK: define i32 @unprofiled(i32 %x) [[SIZE]] {
; CHECK: define i32 @small(i32 %x) [[MINSIZE:#[0-9]+]]
; CHECK: define i32 @unoptimized(i32 %x) [[OPTNONE:#[0-9]+]]
; CHECK-DAG: attributes [[SIZE]] = { optsize }
; CHECK-DAG: attributes [[MINSIZE]] = { minsize }
; CHECK-DAG: attributes [[OPTNONE]] = { noinline optnone }

; REPORT: "size_optimized": 2

; OFF: define i32 @hot_entry(i32 %x) [[SIZE:#[0-9]+]] !prof
; OFF: define i32 @hot_loop(i32 %n) [[SIZE]] !prof
; OFF: attributes [[SIZE]] = { optsize }

; NONE-NOT: attributes {{.*}} optsize

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

define i32 @cold(i32 %x) !prof !23 {
  %a = xor i32 %x, 7
  %b = shl i32 %a, 2
  ret i32 %b
}

define i32 @unprofiled(i32 %x) {
  %a = mul i32 %x, 9
  %b = sub i32 %a, 3
  %c = and i32 %b, 255
  ret i32 %c
}

define i32 @small(i32 %x) minsize {
  %a = udiv i32 %x, 5
  ret i32 %a
}

define i32 @unoptimized(i32 %x) noinline optnone {
  %a = urem i32 %x, 5
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
!21 = !{!"function_entry_count", i64 1}
!23 = !{!"function_entry_count", i64 0}
!30 = !{!"branch_weights", i32 1, i32 999}
