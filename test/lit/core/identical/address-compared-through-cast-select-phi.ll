; A comparison reaches a function's address through a ptrtoint, a select,
; a phi, a constant GEP, and the integer difference of two addresses: each
; of g1..g5 keeps an address of its own (callers redirected). g6's address
; goes through a select into memory and is never compared: g6 is erased.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g1 (callers-redirected, address compared)
; PRINT-NEXT: removing identical function g2 (callers-redirected, address compared)
; PRINT-NEXT: removing identical function g3 (callers-redirected, address compared)
; PRINT-NEXT: removing identical function g4 (callers-redirected, address compared)
; PRINT-NEXT: removing identical function g5 (callers-redirected, address compared)
; PRINT-NEXT: removing identical function g6 (erased)

; CHECK-LABEL: define i1 @by_ptrtoint(
; CHECK: ptrtoint ptr @g1 to i64
; CHECK-LABEL: define i1 @by_select(
; CHECK: select i1 %c, ptr @g2, ptr null
; CHECK-LABEL: define i1 @by_phi(
; CHECK: phi ptr [ @g3, %a ]
; CHECK-LABEL: define i1 @by_gep(
; CHECK: getelementptr (i8, ptr @g4, i64 1)
; CHECK-LABEL: define i1 @by_difference(
; CHECK: ptrtoint ptr @g5 to i64
; CHECK-LABEL: define void @stored(
; CHECK: select i1 %c, ptr @f, ptr null

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

define internal i32 @g1(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g2(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g3(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g4(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g5(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define internal i32 @g6(i32 %x) unnamed_addr {
  %s = add i32 %x, 1
  %c0 = mul i32 %s, %s
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i1 @by_ptrtoint(i64 %p) {
  %i = ptrtoint ptr @g1 to i64
  %e = icmp eq i64 %i, %p
  ret i1 %e
}

define i1 @by_select(i1 %c, ptr %p) {
  %s = select i1 %c, ptr @g2, ptr null
  %e = icmp eq ptr %s, %p
  ret i1 %e
}

define i1 @by_phi(i1 %c, ptr %p) {
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %q = phi ptr [ @g3, %a ], [ null, %0 ]
  %e = icmp ne ptr %q, %p
  ret i1 %e
}

define i1 @by_gep(ptr %p) {
  %e = icmp eq ptr %p, getelementptr (i8, ptr @g4, i64 1)
  ret i1 %e
}

define i1 @by_difference(i64 %p) {
  %i = ptrtoint ptr @g5 to i64
  %d = sub i64 %i, %p
  %e = icmp ult i64 %d, 16
  ret i1 %e
}

define void @stored(i1 %c, ptr %slot) {
  %s = select i1 %c, ptr @g6, ptr null
  store ptr %s, ptr %slot
  ret void
}

define i32 @calls(i32 %x) {
  %a = call i32 @f(i32 %x)
  ret i32 %a
}
