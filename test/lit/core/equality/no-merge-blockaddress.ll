; @f and @g return the address of different blocks of @target. A blockaddress
; names a block, not a function: comparing only the function would fold them.
; (@target itself has address-taken blocks and is no candidate at all.)
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define ptr @f(
; CHECK: select i1 %c, ptr blockaddress(@target, %one), ptr null
; CHECK-LABEL: define ptr @g(
; CHECK: select i1 %c, ptr blockaddress(@target, %two), ptr null

define i32 @target(ptr %dest) {
entry:
  indirectbr ptr %dest, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define ptr @f(i32 %x) {
  %c = icmp eq i32 %x, 0
  %r = select i1 %c, ptr blockaddress(@target, %one), ptr null
  ret ptr %r
}

define ptr @g(i32 %x) {
  %c = icmp eq i32 %x, 0
  %r = select i1 %c, ptr blockaddress(@target, %two), ptr null
  ret ptr %r
}
