; Self references are equal in callee position: @f calls @f where @g calls
; @g, so the two recursive functions fold. @g becomes a thunk to @f and @f
; still calls itself.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-LABEL: define i32 @f(
; CHECK: %r = call i32 @f(i32 %d)
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]

define i32 @f(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %done, label %rec
rec:
  %d = sub i32 %x, 1
  %r = call i32 @f(i32 %d)
  %s = add i32 %r, %x
  ret i32 %s
done:
  ret i32 0
}

define i32 @g(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %done, label %rec
rec:
  %d = sub i32 %x, 1
  %r = call i32 @g(i32 %d)
  %s = add i32 %r, %x
  ret i32 %s
done:
  ret i32 0
}
