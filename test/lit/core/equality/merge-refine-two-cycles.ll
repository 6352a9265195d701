; Two 3-cycles of equal functions, a1 -> b1 -> c1 -> a1 and
; a2 -> b2 -> c2 -> a2, where a, b and c differ from each other. Refinement
; pairs a1 with a2, b1 with b2 and c1 with c2, all in one round.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s

; CHECK: selected function a1
; CHECK-NEXT: removing identical function a2 (erased)
; CHECK: selected function b1
; CHECK-NEXT: removing identical function b2 (erased)
; CHECK: selected function c1
; CHECK-NEXT: removing identical function c2 (erased)
; CHECK-NOT: removing

define internal i32 @a1(i32 %n) unnamed_addr {
  %m = add i32 %n, 1
  %r = call i32 @b1(i32 %m)
  ret i32 %r
}
define internal i32 @b1(i32 %n) unnamed_addr {
  %m = mul i32 %n, 3
  %r = call i32 @c1(i32 %m)
  ret i32 %r
}
define internal i32 @c1(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 100
  br i1 %z, label %rec, label %done
rec:
  %r = call i32 @a1(i32 %n)
  ret i32 %r
done:
  ret i32 %n
}
define internal i32 @a2(i32 %n) unnamed_addr {
  %m = add i32 %n, 1
  %r = call i32 @b2(i32 %m)
  ret i32 %r
}
define internal i32 @b2(i32 %n) unnamed_addr {
  %m = mul i32 %n, 3
  %r = call i32 @c2(i32 %m)
  ret i32 %r
}
define internal i32 @c2(i32 %n) unnamed_addr {
  %z = icmp ult i32 %n, 100
  br i1 %z, label %rec, label %done
rec:
  %r = call i32 @a2(i32 %n)
  ret i32 %r
done:
  ret i32 %n
}
define i32 @main(i32 %x) {
  %a = call i32 @a1(i32 %x)
  %b = call i32 @a2(i32 %x)
  %c = add i32 %a, %b
  ret i32 %c
}
