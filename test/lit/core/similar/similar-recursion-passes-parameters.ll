; A member that calls itself meant "run this member again". In the shared
; body the recursive call therefore calls the shared body and passes the
; body's own extra parameters on, so each member keeps recursing into itself
; with its own constants, never into the first member's thunk.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into r.lmf.similar (2 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function r (thunk)
; PRINT-NEXT: sharing body with similar function s (thunk)

; CHECK-LABEL: define i32 @r(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @r.lmf.similar(i32 %0, ptr @g1, i32 10)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @r.lmf.similar(i32 %n, ptr %0, i32 %1) unnamed_addr {
; CHECK: more:
; CHECK-NEXT: %m = sub i32 %n, 1
; CHECK-NEXT: %rec = call i32 @r.lmf.similar(i32 %m, ptr %0, i32 %1)
; CHECK-NEXT: store i32 %rec, ptr %0, align 4
; CHECK-NEXT: call void @consume(i32 %1)
; CHECK-NOT: @r(
; CHECK-LABEL: define i32 @s(i32 %n) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @r.lmf.similar(i32 %n, ptr @g2, i32 20)
; CHECK-NEXT: ret i32 [[R]]

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

declare void @consume(i32)

define i32 @r(i32 %n) {
  %done = icmp eq i32 %n, 0
  br i1 %done, label %base, label %more

more:
  %m = sub i32 %n, 1
  %rec = call i32 @r(i32 %m)
  store i32 %rec, ptr @g1, align 4
  call void @consume(i32 10)
  %c0 = mul i32 %rec, %rec
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

base:
  ret i32 0
}

define i32 @s(i32 %n) {
  %done = icmp eq i32 %n, 0
  br i1 %done, label %base, label %more

more:
  %m = sub i32 %n, 1
  %rec = call i32 @s(i32 %m)
  store i32 %rec, ptr @g2, align 4
  call void @consume(i32 20)
  %c0 = mul i32 %rec, %rec
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

base:
  ret i32 0
}
