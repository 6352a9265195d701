; A branch on the identifier costs 23 bytes on x86-64 and 12 on AArch64
; (AlignedCost.cpp, fitted on compiled CTMark bodies of each target): the same
; pair, four runs of eight alike instructions each followed by one that
; differs, merges for AArch64 and not for x86-64. llc-22 -O3 agrees: merged,
; the pair takes 48 bytes less on AArch64 (248 against 200, estimated 60) and
; 16 less on x86-64 (176 against 160, estimated 0), below the 32-byte minimum.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -pass-remarks-missed=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=X86
; RUN: sed 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s > %t.ll
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %t.ll | FileCheck %s --check-prefix=A64

; X86: did not merge 'left' with 'right': about 0 bytes saved (at least 32 needed, or a partner taken by a better pair); 34 matched, 8 unmatched instructions, 5 selects, 4 branches
; A64: merged aligned functions into left.lmf.aligned (34 matched, 8 unmatched instructions, 5 selects, 4 branches, about 60 bytes saved)

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
  %b0_0 = shl i32 %a0_7, 3
  %a1_0 = add i32 %b0_0, %w
  %a1_1 = mul i32 %a1_0, %w
  %a1_2 = xor i32 %a1_1, %w
  %a1_3 = sub i32 %a1_2, %w
  %a1_4 = add i32 %a1_3, %w
  %a1_5 = mul i32 %a1_4, %w
  %a1_6 = xor i32 %a1_5, %w
  %a1_7 = sub i32 %a1_6, %w
  %b1_0 = shl i32 %a1_7, 4
  %a2_0 = add i32 %b1_0, %w
  %a2_1 = mul i32 %a2_0, %w
  %a2_2 = xor i32 %a2_1, %w
  %a2_3 = sub i32 %a2_2, %w
  %a2_4 = add i32 %a2_3, %w
  %a2_5 = mul i32 %a2_4, %w
  %a2_6 = xor i32 %a2_5, %w
  %a2_7 = sub i32 %a2_6, %w
  %b2_0 = shl i32 %a2_7, 5
  %a3_0 = add i32 %b2_0, %w
  %a3_1 = mul i32 %a3_0, %w
  %a3_2 = xor i32 %a3_1, %w
  %a3_3 = sub i32 %a3_2, %w
  %a3_4 = add i32 %a3_3, %w
  %a3_5 = mul i32 %a3_4, %w
  %a3_6 = xor i32 %a3_5, %w
  %a3_7 = sub i32 %a3_6, %w
  %b3_0 = shl i32 %a3_7, 6
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
  %b0_0 = ashr i32 %a0_7, 3
  %a1_0 = add i32 %b0_0, %w
  %a1_1 = mul i32 %a1_0, %w
  %a1_2 = xor i32 %a1_1, %w
  %a1_3 = sub i32 %a1_2, %w
  %a1_4 = add i32 %a1_3, %w
  %a1_5 = mul i32 %a1_4, %w
  %a1_6 = xor i32 %a1_5, %w
  %a1_7 = sub i32 %a1_6, %w
  %b1_0 = ashr i32 %a1_7, 4
  %a2_0 = add i32 %b1_0, %w
  %a2_1 = mul i32 %a2_0, %w
  %a2_2 = xor i32 %a2_1, %w
  %a2_3 = sub i32 %a2_2, %w
  %a2_4 = add i32 %a2_3, %w
  %a2_5 = mul i32 %a2_4, %w
  %a2_6 = xor i32 %a2_5, %w
  %a2_7 = sub i32 %a2_6, %w
  %b2_0 = ashr i32 %a2_7, 5
  %a3_0 = add i32 %b2_0, %w
  %a3_1 = mul i32 %a3_0, %w
  %a3_2 = xor i32 %a3_1, %w
  %a3_3 = sub i32 %a3_2, %w
  %a3_4 = add i32 %a3_3, %w
  %a3_5 = mul i32 %a3_4, %w
  %a3_6 = xor i32 %a3_5, %w
  %a3_7 = sub i32 %a3_6, %w
  %b3_0 = ashr i32 %a3_7, 6
  call void @use(i32 %b3_0)
  ret i32 %b3_0
}
