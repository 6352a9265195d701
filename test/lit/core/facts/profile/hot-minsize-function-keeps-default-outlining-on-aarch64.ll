; On AArch64 LLVM's MachineOutliner outlines every minsize function with no
; option asking for it, so a -Oz build outlines its hot code whether or not
; --lto-smallest-binary is given: -lto-merge-functions-no-outline-hot leaves
; a hot minsize function as that build leaves it, and still keeps the
; outliner (which the option turns on for the rest) off a hot function built
; for speed. On x86-64 both are kept from it (outliner-kept-off-hot-code.ll).
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll 2>/dev/null \
; RUN:   | %opt-merge -lto-merge-functions-no-outline-hot -S | FileCheck %s

; CHECK: define i32 @hot_fast(i32 %x) [[FENCED:#[0-9]+]] !prof
; CHECK: define i32 @hot_minsize(i32 %x) [[MINSIZE:#[0-9]+]] !prof
; CHECK: attributes [[FENCED]] = { "nooutline" }
; CHECK: attributes [[MINSIZE]] = { minsize }

target triple = "aarch64-unknown-linux-gnu"

define i32 @hot_fast(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  ret i32 %a
}

define i32 @hot_minsize(i32 %x) minsize !prof !20 {
  %a = udiv i32 %x, 5
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
