; Two internal error handlers that never return are equal. The second is
; folded, but its caller keeps a call target of its own: a private alias of
; the survivor, so code generation does not merge the callers' error blocks
; (ICF leaves them apart too). The call carries what the callee promises,
; which code generation could no longer read through the alias.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function fail_a
; PRINT-NEXT: removing identical function fail_b (erased)

; CHECK: @fail_b = private unnamed_addr alias void (i32), ptr @fail_a
; CHECK-LABEL: define i32 @check_a(
; CHECK: call void @fail_a(i32 1){{$}}
; CHECK-LABEL: define i32 @check_b(
; CHECK: call void @fail_b(i32 2) [[FACTS:#[0-9]+]]
; CHECK-LABEL: define internal void @fail_a(
; CHECK-NOT: define {{.*}}@fail_b(

declare void @report(i32) cold nounwind
declare void @abort() noreturn nounwind

define i32 @check_a(i32 %x) {
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @fail_a(i32 1)
  unreachable
ok:
  ret i32 %x
}

define i32 @check_b(i32 %x) {
  %bad = icmp sgt i32 %x, 100
  br i1 %bad, label %fail, label %ok
fail:
  call void @fail_b(i32 2)
  unreachable
ok:
  ret i32 %x
}

define internal void @fail_a(i32 %code) unnamed_addr cold noreturn nounwind {
  call void @report(i32 %code)
  call void @abort()
  unreachable
}

define internal void @fail_b(i32 %code) unnamed_addr cold noreturn nounwind {
  call void @report(i32 %code)
  call void @abort()
  unreachable
}

; A survivor in a comdat may be discarded for another copy at link time, so
; calls to its folded twin go to it directly, as for any erased function.
; CHECK-LABEL: define i32 @check_c(
; CHECK: call void @fail_c(i32 3){{$}}
; CHECK-LABEL: define i32 @check_d(
; CHECK: call void @fail_c(i32 4){{$}}
; CHECK-NOT: @fail_d =

$fail_c = comdat any

define i32 @check_c(i32 %x) {
  call void @fail_c(i32 3)
  unreachable
}

define i32 @check_d(i32 %x) {
  call void @fail_d(i32 4)
  unreachable
}

define void @fail_c(i32 %code) cold noreturn nounwind comdat {
  call void @report(i32 %code)
  call void @report(i32 7)
  call void @abort()
  unreachable
}

define internal void @fail_d(i32 %code) unnamed_addr cold noreturn nounwind {
  call void @report(i32 %code)
  call void @report(i32 7)
  call void @abort()
  unreachable
}

; The facts of the alias calls, listed at the end of the module.
; CHECK: attributes [[FACTS]] = { cold noreturn nounwind }
