; The aligned stage refuses every function the similar stage refuses, for
; the same reasons: the merged body gains a trailing parameter. Varargs
; (@va1/@va2), a musttail call (@mt1/@mt2), a calling convention other
; than C and fastcc (@cc1/@cc2): none of these pairs merges, although each
; differs only in one instruction. The control pair @ok1/@ok2 does.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --implicit-check-not=aligned

; CHECK: merged aligned functions into ok1.lmf.aligned
; CHECK-NEXT: sharing body with aligned function ok1 (thunk)
; CHECK-NEXT: sharing body with aligned function ok2 (thunk)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)
declare i32 @next(i32)

define i32 @va1(i32 %x, ...) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  ret i32 %b
}
define i32 @va2(i32 %x, ...) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  ret i32 %b
}

define i32 @mt1(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  %r = musttail call i32 @next(i32 %b)
  ret i32 %r
}
define i32 @mt2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  %r = musttail call i32 @next(i32 %b)
  ret i32 %r
}

define x86_regcallcc i32 @cc1(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  ret i32 %b
}
define x86_regcallcc i32 @cc2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  ret i32 %b
}

define i32 @ok1(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  ret i32 %b
}
define i32 @ok2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  ret i32 %b
}
