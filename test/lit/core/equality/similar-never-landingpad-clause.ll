; The clauses of a landing pad are never parameter positions: the type infos
; a handler catches go into the exception tables, not into registers. @f1
; and @f2 differ only in the type info they catch and stay apart; the control
; pair @ok1/@ok2 catches the same type and differs in the global it passes to
; the invoke, and merges.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar

; PRINT: merged similar functions into ok1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function ok1 (thunk)
; PRINT-NEXT: sharing body with similar function ok2 (thunk)

; CHECK-LABEL: define i32 @f1(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK: %l = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @ti1
; CHECK-LABEL: define i32 @f2(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK: %l = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @ti2
; CHECK-LABEL: define i32 @ok1(ptr %0, i32 %1) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(ptr %0, i32 %1, ptr @g1)
; CHECK-LABEL: define internal i32 @ok1.lmf.similar(ptr %p, i32 %x, ptr %0) unnamed_addr personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: invoke void @may_throw(ptr %0)
; CHECK: %l = landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr @ti1
; CHECK-LABEL: define i32 @ok2(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(ptr %p, i32 %x, ptr @g2)

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@ti1 = external constant ptr
@ti2 = external constant ptr

declare void @may_throw(ptr)
declare i32 @__gxx_personality_v0(...)

define i32 @f1(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr %p)
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
          catch ptr @ti1
  ret i32 -1
}

define i32 @f2(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr %p)
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
          catch ptr @ti2
  ret i32 -1
}

define i32 @ok1(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr @g1)
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
          catch ptr @ti1
  ret i32 -1
}

define i32 @ok2(ptr %p, i32 %x) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(ptr @g2)
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
          catch ptr @ti1
  ret i32 -1
}
