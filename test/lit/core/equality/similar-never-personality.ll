; Functions with exception handling must have the same personality: it is
; named in the unwind tables of the body, which a thunk cannot change. @f1
; and @f2 pass different globals to an invoke (alone a parameter) but have
; different personalities, and stay apart. The control pair @ok1/@ok2 has the
; same personality and merges.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar

; PRINT: merged similar functions into ok1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function ok1 (thunk)
; PRINT-NEXT: sharing body with similar function ok2 (thunk)

; CHECK-LABEL: define i32 @f1(i32 %x) personality ptr @pers1 {
; CHECK-NEXT: invoke void @may_throw(ptr @g1)
; CHECK-LABEL: define i32 @f2(i32 %x) personality ptr @pers2 {
; CHECK-NEXT: invoke void @may_throw(ptr @g2)
; CHECK-LABEL: define i32 @ok1(i32 %0) personality ptr @pers1 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(i32 %0, ptr @g1)
; CHECK-LABEL: define internal i32 @ok1.lmf.similar(i32 %x, ptr %0) unnamed_addr personality ptr @pers1 {
; CHECK-NEXT: %y = add i32 %x, 1
; CHECK-NEXT: invoke void @may_throw(ptr %0)
; CHECK-LABEL: define i32 @ok2(i32 %x) personality ptr @pers1 {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @ok1.lmf.similar(i32 %x, ptr @g2)

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

declare void @may_throw(ptr)
declare i32 @pers1(...)
declare i32 @pers2(...)

define i32 @f1(i32 %x) personality ptr @pers1 {
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
          cleanup
  ret i32 -1
}

define i32 @f2(i32 %x) personality ptr @pers2 {
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
          cleanup
  ret i32 -1
}

define i32 @ok1(i32 %x) personality ptr @pers1 {
  %y = add i32 %x, 1
  invoke void @may_throw(ptr @g1)
          to label %ok unwind label %lp

ok:
  %c0 = mul i32 %y, %y
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
          cleanup
  ret i32 -1
}

define i32 @ok2(i32 %x) personality ptr @pers1 {
  %y = add i32 %x, 1
  invoke void @may_throw(ptr @g2)
          to label %ok unwind label %lp

ok:
  %c0 = mul i32 %y, %y
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
          cleanup
  ret i32 -1
}
