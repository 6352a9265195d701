; Two long cycles of 40 functions each, f_k -> f_(k+1) -> ... -> f_0, where
; the k-th functions of both cycles are equal and differ from every other k
; (each adds its own constant). Refinement pairs all 40, in one round;
; comparing callees by identity would pair none.
; (The 80 bodies differ only in the constant and the callee.)
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json --check-prefix=REPORT

; REPORT: "functions_folded": 40,
; REPORT: "rounds": 1,
; CHECK: selected function x0
; CHECK-NEXT: removing identical function y0 (erased)
; CHECK: selected function x1
; CHECK-NEXT: removing identical function y1 (erased)
; CHECK: selected function x2
; CHECK-NEXT: removing identical function y2 (erased)
; CHECK: selected function x3
; CHECK-NEXT: removing identical function y3 (erased)
; CHECK: selected function x4
; CHECK-NEXT: removing identical function y4 (erased)
; CHECK: selected function x5
; CHECK-NEXT: removing identical function y5 (erased)
; CHECK: selected function x6
; CHECK-NEXT: removing identical function y6 (erased)
; CHECK: selected function x7
; CHECK-NEXT: removing identical function y7 (erased)
; CHECK: selected function x8
; CHECK-NEXT: removing identical function y8 (erased)
; CHECK: selected function x9
; CHECK-NEXT: removing identical function y9 (erased)
; CHECK: selected function x10
; CHECK-NEXT: removing identical function y10 (erased)
; CHECK: selected function x11
; CHECK-NEXT: removing identical function y11 (erased)
; CHECK: selected function x12
; CHECK-NEXT: removing identical function y12 (erased)
; CHECK: selected function x13
; CHECK-NEXT: removing identical function y13 (erased)
; CHECK: selected function x14
; CHECK-NEXT: removing identical function y14 (erased)
; CHECK: selected function x15
; CHECK-NEXT: removing identical function y15 (erased)
; CHECK: selected function x16
; CHECK-NEXT: removing identical function y16 (erased)
; CHECK: selected function x17
; CHECK-NEXT: removing identical function y17 (erased)
; CHECK: selected function x18
; CHECK-NEXT: removing identical function y18 (erased)
; CHECK: selected function x19
; CHECK-NEXT: removing identical function y19 (erased)
; CHECK: selected function x20
; CHECK-NEXT: removing identical function y20 (erased)
; CHECK: selected function x21
; CHECK-NEXT: removing identical function y21 (erased)
; CHECK: selected function x22
; CHECK-NEXT: removing identical function y22 (erased)
; CHECK: selected function x23
; CHECK-NEXT: removing identical function y23 (erased)
; CHECK: selected function x24
; CHECK-NEXT: removing identical function y24 (erased)
; CHECK: selected function x25
; CHECK-NEXT: removing identical function y25 (erased)
; CHECK: selected function x26
; CHECK-NEXT: removing identical function y26 (erased)
; CHECK: selected function x27
; CHECK-NEXT: removing identical function y27 (erased)
; CHECK: selected function x28
; CHECK-NEXT: removing identical function y28 (erased)
; CHECK: selected function x29
; CHECK-NEXT: removing identical function y29 (erased)
; CHECK: selected function x30
; CHECK-NEXT: removing identical function y30 (erased)
; CHECK: selected function x31
; CHECK-NEXT: removing identical function y31 (erased)
; CHECK: selected function x32
; CHECK-NEXT: removing identical function y32 (erased)
; CHECK: selected function x33
; CHECK-NEXT: removing identical function y33 (erased)
; CHECK: selected function x34
; CHECK-NEXT: removing identical function y34 (erased)
; CHECK: selected function x35
; CHECK-NEXT: removing identical function y35 (erased)
; CHECK: selected function x36
; CHECK-NEXT: removing identical function y36 (erased)
; CHECK: selected function x37
; CHECK-NEXT: removing identical function y37 (erased)
; CHECK: selected function x38
; CHECK-NEXT: removing identical function y38 (erased)
; CHECK: selected function x39
; CHECK-NEXT: removing identical function y39 (erased)

define internal i32 @x0(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 3
  %r = call i32 @x1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x1(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 4
  %r = call i32 @x2(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x2(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 5
  %r = call i32 @x3(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x3(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 6
  %r = call i32 @x4(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x4(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 7
  %r = call i32 @x5(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x5(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 8
  %r = call i32 @x6(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x6(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 9
  %r = call i32 @x7(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x7(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 10
  %r = call i32 @x8(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x8(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 11
  %r = call i32 @x9(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x9(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 12
  %r = call i32 @x10(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x10(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 13
  %r = call i32 @x11(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x11(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 14
  %r = call i32 @x12(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x12(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 15
  %r = call i32 @x13(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x13(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 16
  %r = call i32 @x14(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x14(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 17
  %r = call i32 @x15(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x15(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 18
  %r = call i32 @x16(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x16(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 19
  %r = call i32 @x17(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x17(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 20
  %r = call i32 @x18(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x18(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 21
  %r = call i32 @x19(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x19(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 22
  %r = call i32 @x20(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x20(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 23
  %r = call i32 @x21(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x21(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 24
  %r = call i32 @x22(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x22(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 25
  %r = call i32 @x23(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x23(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 26
  %r = call i32 @x24(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x24(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 27
  %r = call i32 @x25(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x25(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 28
  %r = call i32 @x26(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x26(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 29
  %r = call i32 @x27(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x27(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 30
  %r = call i32 @x28(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x28(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 31
  %r = call i32 @x29(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x29(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 32
  %r = call i32 @x30(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x30(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 33
  %r = call i32 @x31(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x31(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 34
  %r = call i32 @x32(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x32(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 35
  %r = call i32 @x33(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x33(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 36
  %r = call i32 @x34(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x34(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 37
  %r = call i32 @x35(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x35(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 38
  %r = call i32 @x36(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x36(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 39
  %r = call i32 @x37(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x37(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 40
  %r = call i32 @x38(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x38(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 41
  %r = call i32 @x39(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @x39(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 42
  %r = call i32 @x0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y0(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 3
  %r = call i32 @y1(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y1(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 4
  %r = call i32 @y2(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y2(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 5
  %r = call i32 @y3(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y3(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 6
  %r = call i32 @y4(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y4(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 7
  %r = call i32 @y5(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y5(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 8
  %r = call i32 @y6(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y6(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 9
  %r = call i32 @y7(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y7(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 10
  %r = call i32 @y8(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y8(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 11
  %r = call i32 @y9(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y9(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 12
  %r = call i32 @y10(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y10(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 13
  %r = call i32 @y11(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y11(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 14
  %r = call i32 @y12(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y12(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 15
  %r = call i32 @y13(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y13(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 16
  %r = call i32 @y14(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y14(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 17
  %r = call i32 @y15(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y15(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 18
  %r = call i32 @y16(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y16(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 19
  %r = call i32 @y17(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y17(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 20
  %r = call i32 @y18(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y18(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 21
  %r = call i32 @y19(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y19(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 22
  %r = call i32 @y20(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y20(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 23
  %r = call i32 @y21(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y21(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 24
  %r = call i32 @y22(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y22(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 25
  %r = call i32 @y23(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y23(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 26
  %r = call i32 @y24(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y24(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 27
  %r = call i32 @y25(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y25(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 28
  %r = call i32 @y26(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y26(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 29
  %r = call i32 @y27(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y27(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 30
  %r = call i32 @y28(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y28(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 31
  %r = call i32 @y29(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y29(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 32
  %r = call i32 @y30(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y30(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 33
  %r = call i32 @y31(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y31(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 34
  %r = call i32 @y32(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y32(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 35
  %r = call i32 @y33(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y33(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 36
  %r = call i32 @y34(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y34(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 37
  %r = call i32 @y35(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y35(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 38
  %r = call i32 @y36(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y36(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 39
  %r = call i32 @y37(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y37(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 40
  %r = call i32 @y38(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y38(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 41
  %r = call i32 @y39(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @y39(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 1000
  br i1 %z, label %rec, label %done
rec:
  %m = add i32 %n, 42
  %r = call i32 @y0(i32 %m)
  ret i32 %r
done:
  ret i32 %n
}
define i32 @main(i32 %a) {
  %x = call i32 @x0(i32 %a)
  %y = call i32 @y0(i32 %a)
  %s = add i32 %x, %y
  ret i32 %s
}
