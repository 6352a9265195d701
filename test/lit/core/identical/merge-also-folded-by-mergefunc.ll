; A plain pair that LLVM's own MergeFunctions folds is folded by us too, with
; the same result: the internal unnamed_addr twin disappears and its caller
; calls the survivor.
; RUN: %opt-merge -S %s | FileCheck %s --check-prefix=LMF
; RUN: %opt -passes=mergefunc -S %s | FileCheck %s --check-prefix=MERGEFUNC
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; LMF-NOT: @g(
; LMF-LABEL: define i32 @use(
; LMF-NEXT: %r = call i32 @f(i32 3)

; MERGEFUNC-NOT: @g(
; MERGEFUNC-LABEL: define i32 @use(
; MERGEFUNC-NEXT: %r = call i32 @f(i32 3)

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = sub i32 %b, 7
  ret i32 %c
}

define internal i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = sub i32 %b, 7
  ret i32 %c
}

define i32 @use() {
  %r = call i32 @g(i32 3)
  ret i32 %r
}
