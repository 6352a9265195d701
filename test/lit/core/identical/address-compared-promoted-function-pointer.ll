; Indirect-call promotion of a call through a function pointer: the caller
; tests the pointer against @g and calls @g directly behind the test. @g's
; address is compared, so g keeps an address of its own (callers
; redirected, a thunk left for the comparison) in safe and all mode, while
; its twin class h/k, whose addresses nothing compares, still folds with k
; erased.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected, address compared)
; PRINT: selected function h
; PRINT-NEXT: removing identical function k (erased)

; CHECK-LABEL: define internal i32 @g(
; CHECK-NEXT: tail call i32 @f(
; CHECK-NOT: define {{.*}}@k(
; CHECK-LABEL: define i32 @call(
; CHECK-NEXT: store ptr @h, ptr %slot
; CHECK-NEXT: store ptr @f, ptr %slot
; CHECK-NEXT: %is_g = icmp eq ptr %fp, @g
; CHECK: %a = call i32 @f(i32 %x)

define internal i32 @f(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @h(i32 %x) unnamed_addr {
  %s = add i32 %x, 2
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @k(i32 %x) unnamed_addr {
  %s = add i32 %x, 2
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @call(ptr %fp, i32 %x, ptr %slot) {
  store ptr @k, ptr %slot
  store ptr @f, ptr %slot
  %is_g = icmp eq ptr %fp, @g
  br i1 %is_g, label %direct, label %indirect

direct:
  %a = call i32 @g(i32 %x)
  %b = call i32 @h(i32 %a)
  ret i32 %b

indirect:
  %c = call i32 %fp(i32 %x)
  ret i32 %c
}
