; A dso_local_equivalent constant stands for its function's local stub; two
; functions that call @ext through `dso_local_equivalent @ext`, or pass that
; constant on, are identical. @call_a and @call_b are internal and
; unnamed_addr, so @call_b is erased and the table that held it now holds
; @call_a; @pass_a and @pass_b are exported and @pass_b stays as a thunk (an
; alias in all mode). Siblings of the same shape naming different functions
; stay apart: no-merge-dso-local-equivalent-other-function.ll.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function call_a
; PRINT-NEXT: removing identical function call_b (erased)
; PRINT-NEXT: selected function pass_a
; PRINT-NEXT: removing identical function pass_b (callers-redirected)

; CHECK: @table = constant [2 x ptr] [ptr @call_a, ptr @call_a]
; CHECK-NOT: @call_b
; CHECK-LABEL: define internal i32 @call_a(
; CHECK-NEXT: call i32 dso_local_equivalent @ext(i32 %x)
; CHECK-LABEL: define void @pass_b(
; CHECK-NEXT: tail call void @pass_a()
; ALL: @table = constant [2 x ptr] [ptr @call_a, ptr @call_a]
; ALL: @pass_b = alias void (), ptr @pass_a

target triple = "x86_64-unknown-linux-gnu"

@table = constant [2 x ptr] [ptr @call_a, ptr @call_b]

declare i32 @ext(i32)
declare void @take(ptr)

define internal i32 @call_a(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @ext(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define internal i32 @call_b(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @ext(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define void @pass_a() {
  call void @take(ptr dso_local_equivalent @ext)
  call void @take(ptr dso_local_equivalent @ext)
  ret void
}

define void @pass_b() {
  call void @take(ptr dso_local_equivalent @ext)
  call void @take(ptr dso_local_equivalent @ext)
  ret void
}
