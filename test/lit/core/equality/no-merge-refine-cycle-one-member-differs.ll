; Two 3-cycles that are equal except for one constant in c2. Optimism must
; not survive the difference: c1 and c2 differ, so b1 and b2 (which call
; them) differ, so a1 and a2 differ. Nothing folds.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --allow-empty
; RUN: %opt-merge -S %s | FileCheck %s --check-prefix=IR

; CHECK-NOT: removing identical function
; IR: define internal i32 @a2
; IR: define internal i32 @b2
; IR: define internal i32 @c2

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
  %z = icmp ult i32 %n, 101
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
