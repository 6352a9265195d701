; A GPU kernel is an entry point a runtime launches by name: an alias has no
; kernel descriptor (AMDGPU) or cannot be built (NVPTX), a thunk would call a
; kernel, and nothing may call one. Kernel twins therefore never fold, in any
; mode or stage, with or without unnamed_addr; two device functions with the
; same bodies (the positive control) still do.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; CHECK-NOT: alias
; CHECK-LABEL: define amdgpu_kernel void @amd1(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define amdgpu_kernel void @amd2(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define ptx_kernel void @ptx1(
; CHECK-NEXT: %a = add i32 %x, 2
; CHECK-LABEL: define ptx_kernel void @ptx2(
; CHECK-NEXT: %a = add i32 %x, 2
; CHECK-LABEL: define ptx_kernel void @ptx3(
; CHECK-NEXT: %a = add i32 %x, 2
; CHECK-LABEL: define ptx_kernel void @ptx4(
; CHECK-NEXT: %a = add i32 %x, 2
; CHECK-LABEL: define spir_kernel void @spir1(
; CHECK-NEXT: %a = add i32 %x, 3
; CHECK-LABEL: define spir_kernel void @spir2(
; CHECK-NEXT: %a = add i32 %x, 3
; CHECK-LABEL: define internal amdgpu_kernel void @amd_internal1(
; CHECK-NEXT: %a = add i32 %x, 4
; CHECK-LABEL: define internal amdgpu_kernel void @amd_internal2(
; CHECK-NEXT: %a = add i32 %x, 4
; The control: exactly one of the two device functions keeps its body.
; CHECK: define {{.*}}void @dev{{[12]}}(
; CHECK-NEXT: %a = add i32 %x, 5
; CHECK-NOT: %a = add i32 %x, 5

; REPORT: "functions_folded": 1

@sink = global i32 0

define amdgpu_kernel void @amd1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define amdgpu_kernel void @amd2(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define ptx_kernel void @ptx1(i32 %x) unnamed_addr {
  %a = add i32 %x, 2
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define ptx_kernel void @ptx2(i32 %x) unnamed_addr {
  %a = add i32 %x, 2
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

; Without unnamed_addr these would have become thunks.
define ptx_kernel void @ptx3(i32 %x) {
  %a = add i32 %x, 2
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define ptx_kernel void @ptx4(i32 %x) {
  %a = add i32 %x, 2
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define spir_kernel void @spir1(i32 %x) unnamed_addr {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define spir_kernel void @spir2(i32 %x) unnamed_addr {
  %a = add i32 %x, 3
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

; Local kernels would otherwise be erased behind their (impossible) calls.
define internal amdgpu_kernel void @amd_internal1(i32 %x) unnamed_addr {
  %a = add i32 %x, 4
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define internal amdgpu_kernel void @amd_internal2(i32 %x) unnamed_addr {
  %a = add i32 %x, 4
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define internal void @dev1(i32 %x) unnamed_addr {
  %a = add i32 %x, 5
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}

define internal void @dev2(i32 %x) unnamed_addr {
  %a = add i32 %x, 5
  %b = mul i32 %a, %x
  store i32 %b, ptr @sink
  ret void
}


define void @use(i32 %x) {
  call void @dev1(i32 %x)
  call void @dev2(i32 %x)
  ret void
}
