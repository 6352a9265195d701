; All members weak: none may be the survivor's body (each may be replaced at
; link time, and a call into a weak body from another member would follow the
; replacement). The body moves to a private copy; every weak member becomes a
; thunk to it and keeps its callers.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: thunk)
; PRINT-NEXT: removing identical function g (thunk)

; CHECK-LABEL: define weak i32 @f(i32 %0)
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(i32 %0)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @f.lmf.body(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define weak i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @f(i32 1)
; CHECK-NEXT: %r2 = call i32 @g(i32 2)

define weak i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @f(i32 1)
  %r2 = call i32 @g(i32 2)
  %r = add i32 %r1, %r2
  ret i32 %r
}
