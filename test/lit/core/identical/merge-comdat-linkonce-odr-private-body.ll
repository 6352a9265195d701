; Two address-significant linkonce_odr functions, each in its own comdat (C++
; inline functions). The shared body moves to a private function outside any
; comdat, and both members stay in their comdats as thunks to it, so each
; group still defines its symbol whichever copy the linker keeps.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: callers-redirected)
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-DAG: $f = comdat any
; CHECK-DAG: $g = comdat any
; CHECK-LABEL: define linkonce_odr i32 @f(i32 %0) comdat {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(i32 %0)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @f.lmf.body(i32 %x) unnamed_addr {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define linkonce_odr i32 @g(i32 %x) comdat {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define void @use(
; CHECK-NEXT: store ptr @f, ptr %slot
; CHECK-NEXT: store ptr @g, ptr %slot

$f = comdat any
$g = comdat any

define linkonce_odr i32 @f(i32 %x) comdat {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) comdat {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}
