; Whether LLVM's MachineOutliner runs after merging (--lto-smallest-binary, or
; -mllvm -enable-machine-outliner) does not change which pairs merge: the
; pairs that made clamscan larger under the outliner (deflate_fast and
; deflate_slow, half matched, 32 branches) are kept apart by the shape of
; their estimate (aligned-estimate-not-trusted-for-half-matched-pairs-with-
; many-branches.test), and asking 3 in 5 instructions matched of every pair
; with the outliner lost bytes elsewhere (x86-64 -Oz --lto-smallest-binary:
; -7.33% without the rule, -7.23% with it; AArch64 -Oz, where the outliner
; runs in every build, tramp3d-v4 -12.20% with aligned merging alone and
; -11.40% under --lto-smallest-binary).
; @half1/@half2 (4 of 12 matched) and @most1/@most2 (all matched) merge either
; way.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s
; RUN: %opt-merge -enable-machine-outliner -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s

; CHECK-DAG: merged aligned functions into most1.lmf.aligned
; CHECK-DAG: merged aligned functions into half1.lmf.aligned

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
