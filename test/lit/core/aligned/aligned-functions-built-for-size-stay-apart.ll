; Functions built for size (optsize, minsize: -Os, -Oz) take no part in
; aligned merging: measured on CTMark at x86-64 -Oz, the merged bodies and
; the calls that reach them grew where the stage's prices, made on code
; built for speed, said they would shrink (consumer-typeset: two pairs
; estimated to save 796 bytes, .text 54 bytes larger). The same two
; functions merge when built for speed (positive control, sed drops the
; attribute).
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --allow-empty --check-prefix=SIZE
; RUN: sed 's/ #0 {/ {/' %s | %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output | FileCheck %s --check-prefix=SPEED

; SIZE-NOT: aligned
; SPEED: merged aligned functions into f1.lmf.aligned
; SPEED-NEXT: sharing body with aligned function f1 (thunk)
; SPEED-NEXT: sharing body with aligned function f2 (thunk)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x) #0 {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @f2(i32 %x) #0 {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

attributes #0 = { minsize optsize }
