; LLVM's MergeFunctions treats `ptr` and a pointer-sized integer as the same
; type and folds these two copy functions; we deliberately refuse: an integer
; copy loses the pointer's provenance, and the equivalence is not transitive
; across address spaces of different widths. The second RUN line documents
; that upstream MergeFunctions does fold them.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty
; RUN: %opt -passes=mergefunc -S %s | FileCheck %s --check-prefix=MERGEFUNC

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @copy_ptr(
; CHECK-NEXT: %v = load ptr, ptr %src, align 8
; CHECK-NEXT: store ptr %v, ptr %dst, align 8
; CHECK-LABEL: define void @copy_int(
; CHECK-NEXT: %v = load i64, ptr %src, align 8
; CHECK-NEXT: store i64 %v, ptr %dst, align 8

; MERGEFUNC-LABEL: define void @copy_ptr(
; MERGEFUNC-NEXT: tail call void @copy_int(

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"

define void @copy_ptr(ptr %src, ptr %dst) {
  %v = load ptr, ptr %src, align 8
  store ptr %v, ptr %dst, align 8
  ret void
}

define void @copy_int(ptr %src, ptr %dst) {
  %v = load i64, ptr %src, align 8
  store i64 %v, ptr %dst, align 8
  ret void
}
