; GPU kernels (amdgpu_kernel) are entry points that may not be called: a
; thunk would be a call into a kernel. Address-significant external twins
; would need a thunk, so the fold is refused and both bodies stay.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT-NOT: removing identical function

; CHECK-LABEL: define amdgpu_kernel void @k1(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: store i32 %a, ptr addrspace(1) %p
; CHECK-LABEL: define amdgpu_kernel void @k2(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: store i32 %a, ptr addrspace(1) %p

; REPORT: "functions_folded": 0
; REPORT: "function": "k2"
; REPORT-NEXT: "reason": "calling convention forbids calls, so no thunk"
; REPORT: "refused": 1

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k1(ptr addrspace(1) %p, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @k2(ptr addrspace(1) %p, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr addrspace(1) %p, align 4
  ret void
}
