; Functions whose blocks have their address taken are no candidates: a
; blockaddress names a block of this very body, so the body can be neither
; deleted nor replaced by a thunk. The twins stay, each with its own body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define internal i32 @f(
; CHECK: indirectbr ptr %dest, [label %one, label %two]
; CHECK-LABEL: define internal i32 @g(
; CHECK: indirectbr ptr %dest, [label %one, label %two]
; CHECK-LABEL: define i32 @use(
; CHECK: call i32 @f(ptr blockaddress(@f, %one))
; CHECK: call i32 @g(ptr blockaddress(@g, %two))

define internal i32 @f(ptr %dest) unnamed_addr {
entry:
  indirectbr ptr %dest, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define internal i32 @g(ptr %dest) unnamed_addr {
entry:
  indirectbr ptr %dest, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define i32 @use() {
  %a = call i32 @f(ptr blockaddress(@f, %one))
  %b = call i32 @g(ptr blockaddress(@g, %two))
  %r = add i32 %a, %b
  ret i32 %r
}
