; Mutually recursive twins: @ping calls @pong and @pong calls @ping with the
; same body. Comparing callees by identity (as LLVM's MergeFunctions does)
; can never call them equal; partition refinement starts from "all equal"
; and finds that nothing splits them.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -passes=mergefunc -S %s | FileCheck %s --check-prefix=MERGEFUNC

; PRINT: selected function ping
; PRINT-NEXT: removing identical function pong (erased)

; CHECK-LABEL: define internal i32 @ping(i32 %n)
; CHECK: call i32 @ping(i32 %m)
; CHECK-NOT: define internal i32 @pong
; CHECK-LABEL: define i32 @main(i32 %x)
; CHECK-NEXT: call i32 @ping(i32 %x)
; CHECK-NEXT: call i32 @ping(i32 %x)

; MERGEFUNC: define internal i32 @pong

define internal i32 @ping(i32 %n) unnamed_addr {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

define internal i32 @pong(i32 %n) unnamed_addr {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

define i32 @main(i32 %x) {
  %a = call i32 @ping(i32 %x)
  %b = call i32 @pong(i32 %x)
  %c = add i32 %a, %b
  ret i32 %c
}
