; An internal twin without unnamed_addr whose only uses are direct calls: the
; calls are redirected to the survivor, after which nothing refers to @g and
; the local function is erased instead of being left as a thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-NOT: @g(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: %b = call i32 @f(i32 2)

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @g(i32 1)
  %b = call i32 @g(i32 2)
  %r = add i32 %a, %b
  ret i32 %r
}
