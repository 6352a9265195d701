; Internal members whose only uses are direct calls need no symbol: when
; rewriting their calls costs less than a thunk, each call (including an
; invoke) calls the shared body with the member's constants and the member is
; erased. @lc has three callers; three 7-byte addresses cost more than a
; 16-byte thunk, so @lc stays a thunk and its calls are left alone.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into la.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function la (calls-rewritten)
; PRINT-NEXT: sharing body with similar function lb (calls-rewritten)
; PRINT-NEXT: sharing body with similar function lc (thunk)

; CHECK-NOT: @la(
; CHECK-NOT: @lb(
; CHECK-LABEL: define internal i32 @la.lmf.similar(i32 %x, ptr %0) unnamed_addr {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-LABEL: define internal i32 @lc(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @la.lmf.similar(i32 %x, ptr @g3)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @user(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: %r = call i32 @la.lmf.similar(i32 %x, ptr @g1)
; CHECK-NEXT: %s = invoke i32 @la.lmf.similar(i32 %r, ptr @g2)
; CHECK-NEXT: to label %ok unwind label %lp
; CHECK: ok:
; CHECK-NEXT: %t = call i32 @la.lmf.similar(i32 %s, ptr @g1)
; CHECK-NEXT: %u1 = call i32 @lc(i32 %t)
; CHECK-NEXT: %u2 = call i32 @lc(i32 %u1)
; CHECK-NEXT: %u3 = call i32 @lc(i32 %u2)
; CHECK-NOT: @la(
; CHECK-NOT: @lb(

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@g3 = global i32 0

declare i32 @__gxx_personality_v0(...)

define internal i32 @la(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %s = add i32 %v, %x
  %c0 = mul i32 %s, %s
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
}

define internal i32 @lb(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %s = add i32 %v, %x
  %c0 = mul i32 %s, %s
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
}

define internal i32 @lc(i32 %x) {
  %v = load i32, ptr @g3, align 4
  %s = add i32 %v, %x
  %c0 = mul i32 %s, %s
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
}

define i32 @user(i32 %x) personality ptr @__gxx_personality_v0 {
  %r = call i32 @la(i32 %x)
  %s = invoke i32 @lb(i32 %r)
          to label %ok unwind label %lp

ok:
  %t = call i32 @la(i32 %s)
  %u1 = call i32 @lc(i32 %t)
  %u2 = call i32 @lc(i32 %u1)
  %u3 = call i32 @lc(i32 %u2)
  ret i32 %u3

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  ret i32 0
}
