; Nothing that must stay an immediate becomes a value. The members differ
; in an `immarg` operand (the is-zero-poison flag of llvm.ctlz) and in the
; length of a llvm.memcpy (an intrinsic's operand, which code generation
; lowers by its constant): those calls are not matched, each member keeps
; its own behind a branch on the identifier, and no select feeds an
; intrinsic. The calls that agree are matched.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal i32 @f1.lmf.aligned(
; CHECK-NOT: select
; CHECK-DAG: call i32 @llvm.ctlz.i32(i32 %x, i1 true)
; CHECK-DAG: call i32 @llvm.ctlz.i32(i32 %x, i1 false)
; CHECK-DAG: call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
; CHECK-DAG: call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 24, i1 false)
; CHECK-NOT: select
; CHECK: ret i32

target triple = "x86_64-unknown-linux-gnu"

declare i32 @llvm.ctlz.i32(i32, i1 immarg)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @use(i32)

define i32 @f1(i32 %x, ptr %p, ptr %q) {
  %n = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
  call void @use(i32 %n)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
  %a = add i32 %n, %x
  call void @use(i32 %a)
  %b = mul i32 %a, %n
  call void @use(i32 %b)
  ret i32 %b
}

define i32 @f2(i32 %x, ptr %p, ptr %q) {
  %n = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  call void @use(i32 %n)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 24, i1 false)
  %a = add i32 %n, %x
  call void @use(i32 %a)
  %b = mul i32 %a, %n
  call void @use(i32 %b)
  ret i32 %b
}
