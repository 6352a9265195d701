; optnone functions (GCC's noipa reaches IR as optnone + noinline) are not
; candidates: the user asked for no interprocedural reasoning about them,
; which includes deciding that they equal another function.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define internal i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define internal i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @use(
; CHECK: call i32 @f(i32 1)
; CHECK: call i32 @g(i32 2)

define internal i32 @f(i32 %x) unnamed_addr #0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr #0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %a = call i32 @f(i32 1)
  %b = call i32 @g(i32 2)
  %r = add i32 %a, %b
  ret i32 %r
}

attributes #0 = { noinline optnone }
