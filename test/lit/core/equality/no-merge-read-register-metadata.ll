; Metadata arguments of intrinsics are part of the call's meaning:
; llvm.read_register(!{"rsp"}) and llvm.read_register(!{"rbp"}) read different
; registers, so the two functions differ although the calls look alike.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i64 @f(i64 %x) {
; CHECK-NEXT: %r = call i64 @llvm.read_register.i64(metadata [[RSP:![0-9]+]])
; CHECK-LABEL: define i64 @g(i64 %x) {
; CHECK-NEXT: %r = call i64 @llvm.read_register.i64(metadata [[RBP:![0-9]+]])
; CHECK-DAG: [[RSP]] = !{!"rsp"}
; CHECK-DAG: [[RBP]] = !{!"rbp"}

target triple = "x86_64-unknown-linux-gnu"

declare i64 @llvm.read_register.i64(metadata)

define i64 @f(i64 %x) {
  %r = call i64 @llvm.read_register.i64(metadata !0)
  %s = add i64 %r, %x
  ret i64 %s
}

define i64 @g(i64 %x) {
  %r = call i64 @llvm.read_register.i64(metadata !1)
  %s = add i64 %r, %x
  ret i64 %s
}

!0 = !{!"rsp"}
!1 = !{!"rbp"}
