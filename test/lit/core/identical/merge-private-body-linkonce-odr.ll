; When every member is linkonce_odr, no body is exact: the linker may pick
; another module's copy, which need not carry the annotations we intersect.
; The body moves to a new private function <survivor>.lmf.body and all
; members forward to it; here all are unnamed_addr, so all are erased and
; their uses refer to the private body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: erased)
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define internal i32 @f.lmf.body(i32 %x) unnamed_addr {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %b = mul i32 %a, %x
; CHECK-NEXT: ret i32 %b
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r1 = call i32 @f.lmf.body(i32 1)
; CHECK-NEXT: %r2 = call i32 @f.lmf.body(i32 2)
; CHECK-NOT: define {{.*}}@f(
; CHECK-NOT: define {{.*}}@g(

define linkonce_odr i32 @f(i32 %x) unnamed_addr {
  %a = add nsw i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @f(i32 1)
  %r2 = call i32 @g(i32 2)
  %r = add i32 %r1, %r2
  ret i32 %r
}
