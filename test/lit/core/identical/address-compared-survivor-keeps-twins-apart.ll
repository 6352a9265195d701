; The kept member's own address is compared: f, external, keeps its body
; and symbol, and the test `p == @f` must stay false for its twin. g, which
; would be erased into f with its uses replaced (local and unnamed_addr),
; keeps an address of its own instead: only its direct calls go to f.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected, address compared)

; CHECK-LABEL: define internal i32 @g(
; CHECK-NEXT: tail call i32 @f(
; CHECK-LABEL: define i1 @test(
; CHECK-NEXT: store ptr @g, ptr %slot
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: %e = icmp eq ptr %p, @f

define  i32 @f(i32 %x) unnamed_addr {
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

define i1 @test(ptr %p, ptr %slot) {
  store ptr @g, ptr %slot
  %a = call i32 @g(i32 1)
  %e = icmp eq ptr %p, @f
  ret i1 %e
}
