; An external unnamed_addr twin must keep its symbol (other objects may call
; it) but nobody may compare its address: it becomes an alias of the
; survivor, with its own linkage and visibility, and in-module uses refer to
; the survivor directly.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (alias)

; CHECK: @g = hidden unnamed_addr alias i32 (i32), ptr @f
; CHECK-LABEL: define i32 @f(
; CHECK-NOT: define {{.*}}@g(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: store ptr @f, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define hidden i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
