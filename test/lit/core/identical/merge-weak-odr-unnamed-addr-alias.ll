; A weak_odr unnamed_addr twin must keep its (weak) symbol, but its address is
; insignificant: it becomes a weak_odr alias of the exact survivor.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (alias)

; CHECK: @g = weak_odr unnamed_addr alias i32 (i32), ptr @f
; CHECK-NOT: define {{.*}}@g(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak_odr i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @g(i32 1)
  ret i32 %a
}
