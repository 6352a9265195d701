; The identifier takes one more integer argument register. @f1 and @f2
; take six integers, every register x86-64 passes them in; a seventh
; argument would go on the stack and make every thunk a frame, so they
; stay apart. The control pair @ok1/@ok2 merges.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --implicit-check-not=aligned
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -pass-remarks-missed=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=WHY

; CHECK: merged aligned functions into ok1.lmf.aligned
; CHECK-NEXT: sharing body with aligned function ok1 (thunk)
; CHECK-NEXT: sharing body with aligned function ok2 (thunk)

; WHY: did not merge 'f1' with 'f2': no free argument register for the identifier

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x, i32 %p1, i32 %p2, i32 %p3, i32 %p4, i32 %p5) {
  %a = add i32 %x, %p1
  call void @use(i32 %a)
  %b = mul i32 %a, %p2
  call void @use(i32 %b)
  %c = xor i32 %b, %p5
  ret i32 %c
}

define i32 @f2(i32 %x, i32 %p1, i32 %p2, i32 %p3, i32 %p4, i32 %p5) {
  %a = add i32 %x, %p1
  call void @use(i32 %a)
  %b = mul i32 %a, %p3
  call void @use(i32 %b)
  %c = xor i32 %b, %p5
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
