; A private unnamed_addr alias of a function is that function under another
; name (folds of functions that never return leave such aliases behind):
; a caller that calls through it equals one that calls the function, and
; the address taken through it compares like the function's. Calls through
; an alias that another definition may replace stay different.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function direct
; PRINT-NEXT: removing identical function through_alias (erased)
; PRINT-NOT: through_weak_alias

; CHECK-LABEL: define i32 @main(
; CHECK: call i32 @direct(i32 %x)
; CHECK: call i32 @direct(i32 %x)
; CHECK: call i32 @through_weak_alias(i32 %x)
; CHECK-NOT: define {{.*}}@through_alias(

@local = private unnamed_addr alias void (), ptr @fail
@weak = weak alias void (), ptr @fail

declare void @abort() noreturn nounwind

define i32 @main(i32 %x) {
  %a = call i32 @direct(i32 %x)
  %b = call i32 @through_alias(i32 %x)
  %c = call i32 @through_weak_alias(i32 %x)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

define internal i32 @direct(i32 %x) unnamed_addr {
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @fail()
  unreachable
ok:
  ret i32 %x
}

define internal i32 @through_alias(i32 %x) unnamed_addr {
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @local()
  unreachable
ok:
  ret i32 %x
}

define internal i32 @through_weak_alias(i32 %x) unnamed_addr {
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @weak()
  unreachable
ok:
  ret i32 %x
}

define internal void @fail() unnamed_addr noreturn nounwind {
  call void @abort()
  unreachable
}
