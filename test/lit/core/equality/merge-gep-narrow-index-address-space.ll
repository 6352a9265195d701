; In address space 3 of this data layout pointers are 128 bits wide but GEP
; indices only 32: offsets there are computed in the index width, not the
; pointer width. Twins indexing such pointers must compare (and fold)
; without tripping over the two widths: @wide_a and @wide_b fold in every
; mode. @wide_c differs in a constant index (16 bytes further) and stays
; apart from them as an identical twin; @narrow is the same code in address
; space 0 and stays apart from all three.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function wide_a
; PRINT-NEXT: removing identical function wide_b
; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @wide_a(
; CHECK-NEXT: getelementptr i32, ptr addrspace(3) %p, i32 3
; CHECK-LABEL: define i32 @wide_b(
; CHECK-NEXT: tail call i32 @wide_a(ptr addrspace(3) %p, i32 %i)
; CHECK-LABEL: define i32 @wide_c(
; CHECK-NEXT: getelementptr i32, ptr addrspace(3) %p, i32 7
; CHECK-LABEL: define i32 @narrow(
; CHECK-NEXT: getelementptr i32, ptr %p, i32 3

; ALL: @wide_b = alias i32 (ptr addrspace(3), i32), ptr @wide_a
; ALL-LABEL: define i32 @wide_c(
; ALL-NEXT: getelementptr i32, ptr addrspace(3) %p, i32 7

target datalayout = "e-p:64:64-p3:128:128:128:32"

define i32 @wide_a(ptr addrspace(3) %p, i32 %i) {
  %q = getelementptr i32, ptr addrspace(3) %p, i32 3
  %r = getelementptr inbounds i16, ptr addrspace(3) %q, i32 %i
  %v = load i32, ptr addrspace(3) %r, align 4
  ret i32 %v
}

define i32 @wide_b(ptr addrspace(3) %p, i32 %i) {
  %q = getelementptr i32, ptr addrspace(3) %p, i32 3
  %r = getelementptr inbounds i16, ptr addrspace(3) %q, i32 %i
  %v = load i32, ptr addrspace(3) %r, align 4
  ret i32 %v
}

define i32 @wide_c(ptr addrspace(3) %p, i32 %i) {
  %q = getelementptr i32, ptr addrspace(3) %p, i32 7
  %r = getelementptr inbounds i16, ptr addrspace(3) %q, i32 %i
  %v = load i32, ptr addrspace(3) %r, align 4
  ret i32 %v
}

define i32 @narrow(ptr %p, i32 %i) {
  %q = getelementptr i32, ptr %p, i32 3
  %r = getelementptr inbounds i16, ptr %q, i32 %i
  %v = load i32, ptr %r, align 4
  ret i32 %v
}
