; With LLVM's MachineOutliner after merging (--lto-smallest-binary, or
; -mllvm -enable-machine-outliner), a pair merges only when at least 3 in 5
; of its instructions are matched: the outliner already shares much of what
; two alike functions repeat, and the identifier's branches cut the
; sequences it would share (at x86-64 -O3, clamscan's deflate_fast and
; deflate_slow, half their instructions matched, made .text 1,123 bytes
; larger). @half1/@half2 (4 of 12 matched) merge without the outliner and
; not with it; @most1/@most2 (all matched) merge either way.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefixes=BOTH,ALONE
; RUN: %opt-merge -enable-machine-outliner -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefixes=BOTH,OUTLINED
; RUN: %opt-merge -enable-machine-outliner -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -pass-remarks-missed=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; BOTH: merged aligned functions into most1.lmf.aligned
; ALONE: merged aligned functions into half1.lmf.aligned
; OUTLINED-NOT: half1.lmf.aligned
; REMARK: did not merge 'half1' with 'half2': fewer than 3 in 5 instructions matched, and the MachineOutliner runs

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @half1(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  %c = xor i32 %b, 1
  %d = shl i32 %c, 3
  %e = sub i32 %d, %x
  call void @use(i32 %e)
  ret i32 %e
}

define i32 @half2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = udiv i32 %a, 7
  %c = or i32 %b, 5
  %d = lshr i32 %c, 2
  %e = ashr i32 %d, 1
  call void @use(i32 %e)
  ret i32 %e
}

define i32 @most1(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @most2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}
