; A body ending in a `musttail` call is only valid while the function's
; prototype matches its callee's. Moving such a body into a private copy (all
; members linkonce_odr) and turning the members into thunks must keep every
; musttail call valid: the verifier runs after merging.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: callers-redirected)
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-LABEL: define internal i32 @f.lmf.body(i32 %x) unnamed_addr {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-NEXT: %r = musttail call i32 @h(i32 %a)
; CHECK-NEXT: ret i32 %r
; CHECK-LABEL: define linkonce_odr i32 @g(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f.lmf.body(i32 %x)
; CHECK-NEXT: ret i32 [[R]]

declare i32 @h(i32)

define linkonce_odr i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %r = musttail call i32 @h(i32 %a)
  ret i32 %r
}

define linkonce_odr i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %r = musttail call i32 @h(i32 %a)
  ret i32 %r
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}
