; The hot-code percentile is in millionths of the profile's total count, from
; 1 to 999999 (the highest cutoff a profile summary lists): other values are
; an error that names the option, not a crash in LLVM's profile summary.
; RUN: not %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-hot-code-percentile=1000000 -disable-output %s 2>&1 | FileCheck %s --check-prefix=HIGH
; RUN: not %opt-merge -lto-merge-functions-optsize-cold -lto-merge-functions-hot-code-percentile=0 -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZERO

; HIGH: error: lto-merge-functions: -lto-merge-functions-hot-code-percentile=1000000: expected millionths from 1 to 999999
; ZERO: error: lto-merge-functions: -lto-merge-functions-hot-code-percentile=0: expected millionths from 1 to 999999

define i32 @f(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
