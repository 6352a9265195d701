; Twins as a front end writes them are often not equal until the optimizer
; has run: here @weigh_by_loop keeps its values in stack slots and adds
; x << i for i = 0..3 in a loop, while @weigh_direct multiplies by 15.
; Alone, our pass compares them as written and folds nothing. The plugin
; also registers the pass at the end of the full-LTO pipeline (where
; ld.lld runs it), and after that pipeline, or after O3 followed by the
; pass, mem2reg, unrolling and instcombine have made both bodies
; `mul 15, udiv, xor`, and they fold; both are unnamed_addr, so
; @weigh_direct becomes an alias.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=ALONE --allow-empty
; RUN: %opt-merge -S %s | FileCheck %s --check-prefix=ALONE-IR
; RUN: %opt -load-pass-plugin=%plugin -passes='lto<O3>' -lto-merge-functions-verify -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes='lto<O3>' -lto-merge-functions-verify -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>,lto-merge-functions' -lto-merge-functions-verify -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>,lto-merge-functions' -lto-merge-functions-verify -S %s | FileCheck %s

; ALONE-NOT: removing identical function
; ALONE-IR-LABEL: define i32 @weigh_by_loop(
; ALONE-IR: alloca i32
; ALONE-IR-LABEL: define i32 @weigh_direct(
; ALONE-IR-NEXT: entry:
; ALONE-IR-NEXT: mul i32 %x, 15

; PRINT: selected function weigh_by_loop
; PRINT-NEXT: removing identical function weigh_direct (alias)

; CHECK: @weigh_direct = unnamed_addr alias i32 (i32, i32), ptr @weigh_by_loop
; CHECK-LABEL: define i32 @weigh_by_loop(
; CHECK: mul i32 %x, 15
; CHECK-NEXT: udiv i32
; CHECK-NEXT: xor i32
; CHECK-NOT: define

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @weigh_by_loop(i32 %x, i32 %y) unnamed_addr {
entry:
  %acc = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 0, ptr %acc, align 4
  store i32 0, ptr %i, align 4
  br label %cond

cond:
  %iv = load i32, ptr %i, align 4
  %more = icmp slt i32 %iv, 4
  br i1 %more, label %body, label %exit

body:
  %sh = shl i32 %x, %iv
  %a = load i32, ptr %acc, align 4
  %a2 = add i32 %a, %sh
  store i32 %a2, ptr %acc, align 4
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i, align 4
  br label %cond

exit:
  %r = load i32, ptr %acc, align 4
  %q = udiv i32 %r, %y
  %s = xor i32 %q, %x
  ret i32 %s
}

define i32 @weigh_direct(i32 %x, i32 %y) unnamed_addr {
entry:
  %r = mul i32 %x, 15
  %q = udiv i32 %r, %y
  %s = xor i32 %q, %x
  ret i32 %s
}
