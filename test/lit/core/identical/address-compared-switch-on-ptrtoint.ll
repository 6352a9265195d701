; A switch on a pointer's ptrtoint whose cases are functions' addresses
; (what a promotion to several targets can become) compares the address
; held in the condition: g keeps an address of its own. Its twin k, whose
; ptrtoint is only stored, is erased.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected, address compared)
; PRINT-NEXT: removing identical function k (erased)

; CHECK-LABEL: define internal i32 @g(
; CHECK-LABEL: define i32 @dispatch(
; CHECK: %i = ptrtoint ptr @g to i64
; CHECK: switch i64 %i
; CHECK-LABEL: define void @keep(
; CHECK: ptrtoint ptr @f to i64

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

define internal i32 @k(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @dispatch(i64 %p, i32 %x) {
  %i = ptrtoint ptr @g to i64
  switch i64 %i, label %other [ i64 0, label %zero ]
zero:
  ret i32 0
other:
  %a = call i32 @f(i32 %x)
  ret i32 %a
}

define void @keep(ptr %slot) {
  %i = ptrtoint ptr @k to i64
  store i64 %i, ptr %slot
  ret void
}
