; A branch on the identifier costs 23 bytes on x86-64 and 12 on AArch64 and
; RISC-V 64 (AlignedCost.cpp, fitted on compiled CTMark bodies of each
; target): the same pair, four runs of ten alike instructions each followed
; by one that differs, merges for AArch64 and RISC-V 64 and not for x86-64.
; llc-22 -O3 agrees (symbol sizes of the two functions, then of the body
; and the two thunks): merged, the pair takes 24 bytes less on x86-64 (167
; against 143; 16 once functions are padded to 16 bytes, below the 32-byte
; minimum; estimated 32, under a fifth of the body), 60 less on AArch64
; (248 against 188, estimated 96) and 68 less on RISC-V 64 (222 against
; 154 with -mattr=+m,+a,+f,+d,+c, estimated 68; at x86-64's price the
; estimate would be 24, and the pair would stay apart).
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -pass-remarks-missed=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=X86
; RUN: sed 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s > %t.a64.ll
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %t.a64.ll | FileCheck %s --check-prefix=A64
; RUN: sed 's/x86_64-unknown-linux-gnu/riscv64-unknown-linux-gnu/' %s > %t.rv.ll
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %t.rv.ll | FileCheck %s --check-prefix=RV

; X86: did not merge 'left' with 'right': about 32 bytes saved (at least 32 needed, or a partner taken by a better pair); 42 matched, 8 unmatched instructions, 5 selects, 4 branches
; A64: merged aligned functions into left.lmf.aligned (42 matched, 8 unmatched instructions, 5 selects, 4 branches, about 96 bytes saved)
; RV: merged aligned functions into left.lmf.aligned (42 matched, 8 unmatched instructions, 5 selects, 4 branches, about 68 bytes saved)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @left(i32 %x, i32 %w) {
  %a0_0 = add i32 %x, %w
  %a0_1 = mul i32 %a0_0, %w
  %a0_2 = xor i32 %a0_1, %w
  %a0_3 = sub i32 %a0_2, %w
  %a0_4 = add i32 %a0_3, %w
  %a0_5 = mul i32 %a0_4, %w
  %a0_6 = xor i32 %a0_5, %w
  %a0_7 = sub i32 %a0_6, %w
  %a0_8 = add i32 %a0_7, %w
  %a0_9 = mul i32 %a0_8, %w
  %b0_0 = shl i32 %a0_9, 3
  %a1_0 = add i32 %b0_0, %w
  %a1_1 = mul i32 %a1_0, %w
  %a1_2 = xor i32 %a1_1, %w
  %a1_3 = sub i32 %a1_2, %w
  %a1_4 = add i32 %a1_3, %w
  %a1_5 = mul i32 %a1_4, %w
  %a1_6 = xor i32 %a1_5, %w
  %a1_7 = sub i32 %a1_6, %w
  %a1_8 = add i32 %a1_7, %w
  %a1_9 = mul i32 %a1_8, %w
  %b1_0 = shl i32 %a1_9, 4
  %a2_0 = add i32 %b1_0, %w
  %a2_1 = mul i32 %a2_0, %w
  %a2_2 = xor i32 %a2_1, %w
  %a2_3 = sub i32 %a2_2, %w
  %a2_4 = add i32 %a2_3, %w
  %a2_5 = mul i32 %a2_4, %w
  %a2_6 = xor i32 %a2_5, %w
  %a2_7 = sub i32 %a2_6, %w
  %a2_8 = add i32 %a2_7, %w
  %a2_9 = mul i32 %a2_8, %w
  %b2_0 = shl i32 %a2_9, 5
  %a3_0 = add i32 %b2_0, %w
  %a3_1 = mul i32 %a3_0, %w
  %a3_2 = xor i32 %a3_1, %w
  %a3_3 = sub i32 %a3_2, %w
  %a3_4 = add i32 %a3_3, %w
  %a3_5 = mul i32 %a3_4, %w
  %a3_6 = xor i32 %a3_5, %w
  %a3_7 = sub i32 %a3_6, %w
  %a3_8 = add i32 %a3_7, %w
  %a3_9 = mul i32 %a3_8, %w
  %b3_0 = shl i32 %a3_9, 6
  call void @use(i32 %b3_0)
  ret i32 %b3_0
}

define i32 @right(i32 %x, i32 %w) {
  %a0_0 = add i32 %x, %w
  %a0_1 = mul i32 %a0_0, %w
  %a0_2 = xor i32 %a0_1, %w
  %a0_3 = sub i32 %a0_2, %w
  %a0_4 = add i32 %a0_3, %w
  %a0_5 = mul i32 %a0_4, %w
  %a0_6 = xor i32 %a0_5, %w
  %a0_7 = sub i32 %a0_6, %w
  %a0_8 = add i32 %a0_7, %w
  %a0_9 = mul i32 %a0_8, %w
  %b0_0 = ashr i32 %a0_9, 3
  %a1_0 = add i32 %b0_0, %w
  %a1_1 = mul i32 %a1_0, %w
  %a1_2 = xor i32 %a1_1, %w
  %a1_3 = sub i32 %a1_2, %w
  %a1_4 = add i32 %a1_3, %w
  %a1_5 = mul i32 %a1_4, %w
  %a1_6 = xor i32 %a1_5, %w
  %a1_7 = sub i32 %a1_6, %w
  %a1_8 = add i32 %a1_7, %w
  %a1_9 = mul i32 %a1_8, %w
  %b1_0 = ashr i32 %a1_9, 4
  %a2_0 = add i32 %b1_0, %w
  %a2_1 = mul i32 %a2_0, %w
  %a2_2 = xor i32 %a2_1, %w
  %a2_3 = sub i32 %a2_2, %w
  %a2_4 = add i32 %a2_3, %w
  %a2_5 = mul i32 %a2_4, %w
  %a2_6 = xor i32 %a2_5, %w
  %a2_7 = sub i32 %a2_6, %w
  %a2_8 = add i32 %a2_7, %w
  %a2_9 = mul i32 %a2_8, %w
  %b2_0 = ashr i32 %a2_9, 5
  %a3_0 = add i32 %b2_0, %w
  %a3_1 = mul i32 %a3_0, %w
  %a3_2 = xor i32 %a3_1, %w
  %a3_3 = sub i32 %a3_2, %w
  %a3_4 = add i32 %a3_3, %w
  %a3_5 = mul i32 %a3_4, %w
  %a3_6 = xor i32 %a3_5, %w
  %a3_7 = sub i32 %a3_6, %w
  %a3_8 = add i32 %a3_7, %w
  %a3_9 = mul i32 %a3_8, %w
  %b3_0 = ashr i32 %a3_9, 6
  call void @use(i32 %b3_0)
  ret i32 %b3_0
}

