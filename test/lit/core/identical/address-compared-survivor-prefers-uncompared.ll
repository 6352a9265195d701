; Of three exported unnamed_addr twins, a's address is compared. By name a
; would keep the body and b and c, unable to take a's address, would both
; stay thunks; instead the body stays with b, whose address nothing
; compares, c becomes its alias and only a is a thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function b
; PRINT-NEXT: removing identical function a (callers-redirected, address compared)
; PRINT-NEXT: removing identical function c (alias)

; CHECK: @c = unnamed_addr alias i32 (i32), ptr @b
; CHECK-LABEL: define i32 @a(
; CHECK-NEXT: tail call i32 @b(

define  i32 @a(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define  i32 @b(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define  i32 @c(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i1 @test(ptr %p) {
  %e = icmp eq ptr %p, @a
  ret i1 %e
}
