; Attributes LLVM must preserve when it intersects attribute lists keep
; members apart: @f1 has a strong stack protector and @f2 a plain one; a
; merged body would protect one of them less. The control pair @ok1/@ok2
; merges.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --implicit-check-not=aligned
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -pass-remarks-missed=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY

; CHECK: merged aligned functions into ok1.lmf.aligned
; CHECK-NEXT: sharing body with aligned function ok1 (thunk)
; CHECK-NEXT: sharing body with aligned function ok2 (thunk)

; WHY: did not merge 'f1' with 'f2': different attributes that must match

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x) sspstrong {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @f2(i32 %x) ssp {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @ok1(i32 %x) {
  %a = add i32 %x, 99
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 99
  ret i32 %c
}

define i32 @ok2(i32 %x) {
  %a = add i32 %x, 99
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 99
  ret i32 %c
}
