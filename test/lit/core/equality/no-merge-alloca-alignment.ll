; An alloca's alignment is a guarantee the callee of the pointer may rely on
; (aligned vector loads): allocas aligned differently are not equal.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f(
; CHECK-NEXT: %a = alloca [16 x i8], align 4
; CHECK-LABEL: define void @g(
; CHECK-NEXT: %a = alloca [16 x i8], align 16

declare void @fill(ptr)

define void @f(i32 %x) {
  %a = alloca [16 x i8], align 4
  store i32 %x, ptr %a, align 4
  call void @fill(ptr %a)
  ret void
}

define void @g(i32 %x) {
  %a = alloca [16 x i8], align 16
  store i32 %x, ptr %a, align 4
  call void @fill(ptr %a)
  ret void
}
