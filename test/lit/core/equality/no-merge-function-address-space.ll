; Functions in different address spaces have different pointer types (a
; Harvard target's program memory versus data memory): replacing uses of
; @g or @h by @f would change the type of every reference, and an alias
; @h -> @f would not even be valid IR. Such functions are not equal. @g and
; @h share address space 0 and fold with each other.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function h
; PRINT-NEXT: removing identical function g (erased)
; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) addrspace(1) {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define hidden i32 @h(i32 %x) unnamed_addr addrspace(0) {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define void @use(
; CHECK-NEXT: store ptr @h, ptr %slot
; CHECK-NEXT: store ptr @h, ptr %slot

target datalayout = "P1"

define i32 @f(i32 %x) addrspace(1) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr addrspace(0) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define hidden i32 @h(i32 %x) unnamed_addr addrspace(0) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) addrspace(1) {
  store ptr @g, ptr %slot
  store ptr @h, ptr %slot
  ret void
}
