; A constant expression over a global is a parameter constant like the
; global itself: two functions that load from different elements of a table
; (getelementptr expressions) and pass different ptrtoint expressions to a
; call share one body, and each thunk passes its own expressions.
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into a.lmf.similar (2 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)

; CHECK-LABEL: define i32 @a(i32 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, ptr getelementptr inbounds (i8, ptr @table, i64 4), i64 ptrtoint (ptr @g1 to i64))
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @a.lmf.similar(i32 %x, ptr %0, i64 %1) unnamed_addr {
; CHECK-NEXT: %v = load i32, ptr %0, align 4
; CHECK-NEXT: call void @consume(i64 %1)
; CHECK-LABEL: define i32 @b(i32 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, ptr getelementptr inbounds (i8, ptr @table, i64 8), i64 ptrtoint (ptr @g2 to i64))
; CHECK-NEXT: ret i32 [[R]]

target triple = "x86_64-unknown-linux-gnu"

@table = global [4 x i32] zeroinitializer
@g1 = global i32 0
@g2 = global i32 0

declare void @consume(i64)

define i32 @a(i32 %x) {
  %v = load i32, ptr getelementptr inbounds (i8, ptr @table, i64 4), align 4
  call void @consume(i64 ptrtoint (ptr @g1 to i64))
  %c0 = mul i32 %v, %v
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

define i32 @b(i32 %x) {
  %v = load i32, ptr getelementptr inbounds (i8, ptr @table, i64 8), align 4
  call void @consume(i64 ptrtoint (ptr @g2 to i64))
  %c0 = mul i32 %v, %v
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
