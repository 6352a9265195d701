; A member built for size (optsize, minsize: -Os, -Oz) that could disappear
; behind its direct calls keeps its thunk instead: measured on CTMark at
; x86-64 -Oz, callers built for size grew around calls given one more
; argument by more than the thunk costs (consumer-typeset: one caller 562
; bytes larger). The pair still merges. Built for speed (positive control,
; sed drops the attribute), the internal member @local disappears and its
; caller passes the identifier itself.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=SIZE
; RUN: sed 's/ #0 {/ {/' %s | %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output | FileCheck %s --check-prefix=SPEED

; SIZE: merged aligned functions into ext.lmf.aligned
; SIZE-NEXT: sharing body with aligned function ext (thunk)
; SIZE-NEXT: sharing body with aligned function local (thunk)
; SPEED: merged aligned functions into ext.lmf.aligned
; SPEED-NEXT: sharing body with aligned function ext (thunk)
; SPEED-NEXT: sharing body with aligned function local (calls-rewritten)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @ext(i32 %x) #0 {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define internal i32 @local(i32 %x) #0 {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @caller(i32 %x) #0 {
  %r = call i32 @local(i32 %x)
  ret i32 %r
}

attributes #0 = { minsize optsize }
