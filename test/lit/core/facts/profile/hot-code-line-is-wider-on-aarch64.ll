; The line above which a block is hot is drawn at 99.99% of the profile's
; total count (counts of 50 and more with this summary), and at 99.9999% on
; AArch64 (counts of 1 and more) for functions that are not minsize:
; AArch64's outliner outlines about twice what x86-64's does, so the warm
; code a training run leaves below 99.99% pays more for it there
; (SizeCodegen.cpp). So a function entered five times is kept from the
; outliner and from aligned merging on AArch64 and left to them on x86-64;
; one never entered is left to them on both, and an explicit percentile is
; taken as given on either target. A minsize function, which AArch64
; outlines in any build, keeps the 99.99% line: entered five times, it may
; still merge (the aligned stage keeps one function out on AArch64, none on
; x86-64).
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-no-outline-hot -S | FileCheck %s --check-prefix=A64
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | sed 's/aarch64-unknown-linux-gnu/x86_64-unknown-linux-gnu/' | %opt-merge -lto-merge-functions-no-outline-hot -S | FileCheck %s --check-prefix=X86
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-hot-code-percentile=999900 -S | FileCheck %s --check-prefix=X86
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | %opt-merge -lto-merge-functions-aligned -lto-merge-functions-report=- -disable-output | FileCheck %s --check-prefix=ALIGNED-A64
; RUN: llvm-link -S %s %S/Inputs/profile-summary-99.99.ll | sed 's/aarch64-unknown-linux-gnu/x86_64-unknown-linux-gnu/' | %opt-merge -lto-merge-functions-aligned -lto-merge-functions-report=- -disable-output | FileCheck %s --check-prefix=ALIGNED-X86

; A64: define i32 @warm(i32 %x) [[FENCED:#[0-9]+]] !prof
; A64: define i32 @cold(i32 %x) !prof
; A64: attributes [[FENCED]] = { "nooutline" }

; X86: define i32 @warm(i32 %x) !prof
; X86: define i32 @cold(i32 %x) !prof
; X86-NOT: nooutline

; ALIGNED-A64: "hot_excluded": 1,
; ALIGNED-X86: "hot_excluded": 0,

target triple = "aarch64-unknown-linux-gnu"

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

define i32 @warm_minsize(i32 %x) minsize !prof !22 {
  %a = udiv i32 %x, 5
  ret i32 %a
}

!22 = !{!"function_entry_count", i64 5}
!23 = !{!"function_entry_count", i64 0}
