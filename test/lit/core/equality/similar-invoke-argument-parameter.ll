; The arguments of an invoke are parameter positions like those of a call:
; two functions that pass different globals to an invoke share one body,
; which keeps the invoke, its landing pad and the personality, and forwards
; the extra parameter to the invoke.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into a.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)

; CHECK-LABEL: define i32 @a(i32 %0) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, ptr @g1)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @a.lmf.similar(i32 %x, ptr %0) unnamed_addr personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: invoke void @may_throw(ptr %0, i32 %x)
; CHECK-NEXT: to label %ok unwind label %lp
; CHECK: lp:
; CHECK-NEXT: %l = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @typeinfo
; CHECK-LABEL: define i32 @b(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, ptr @g2)
; CHECK-NEXT: ret i32 [[R]]

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@typeinfo = external constant ptr

declare void @may_throw(ptr, i32)
declare i32 @__gxx_personality_v0(...)

define i32 @a(i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr @g1, i32 %x)
          to label %ok unwind label %lp

ok:
  %c0 = mul i32 %x, %x
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23

lp:
  %l = landingpad { ptr, i32 }
          catch ptr @typeinfo
  ret i32 -1
}

define i32 @b(i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr @g2, i32 %x)
          to label %ok unwind label %lp

ok:
  %c0 = mul i32 %x, %x
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23

lp:
  %l = landingpad { ptr, i32 }
          catch ptr @typeinfo
  ret i32 -1
}
