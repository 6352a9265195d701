; A table holds only what an object file can hold as data: bytes, or one
; full-width address. An address truncated to 32 bits is computed by code
; where it is used; in the table of a PIE it would need an R_X86_64_32
; relocation, which the linker refuses. So such a value keeps a register:
; @narrow1/@narrow2 (four arguments) pass the truncated address in the last
; free register and their two integers in the table, and @wide1/@wide2
; (five arguments), where the register would have to be the table's, stay
; apart.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; CHECK: @narrow1.lmf.constants = private unnamed_addr constant { i64, i64 } { i64 3, i64 5 }, align 8
; CHECK: @narrow2.lmf.constants = private unnamed_addr constant { i64, i64 } { i64 7, i64 9 }, align 8
; CHECK-NOT: lmf.constants
; CHECK-LABEL: define i64 @narrow1(
; CHECK-NEXT: tail call i64 @narrow1.lmf.similar(ptr %0, i64 %1, i64 %2, i64 %3, i32 ptrtoint (ptr @g1 to i32), ptr {{.*}}@narrow1.lmf.constants)
; CHECK-LABEL: define i64 @wide1(
; CHECK-NEXT: store i32 ptrtoint (ptr @g3 to i32)

; REPORT: "function": "wide2",
; REPORT-NEXT: "reason": "needs more parameters than argument registers",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@g3 = global i32 0
@g4 = global i32 0

define i64 @narrow1(ptr %p, i64 %a0, i64 %a1, i64 %a2) {
  store i32 ptrtoint (ptr @g1 to i32), ptr %p, align 4
  %x = xor i64 %a0, 3
  %y = xor i64 %a1, 5
  %c0 = add i64 %x, %y
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  %c24 = mul i64 %c23, %c23
  %c25 = mul i64 %c24, %c24
  %c26 = mul i64 %c25, %c25
  %c27 = mul i64 %c26, %c26
  %c28 = mul i64 %c27, %c27
  %c29 = mul i64 %c28, %c28
  %c30 = mul i64 %c29, %c29
  %c31 = mul i64 %c30, %c30
  %c32 = mul i64 %c31, %c31
  %c33 = mul i64 %c32, %c32
  %c34 = mul i64 %c33, %c33
  %c35 = mul i64 %c34, %c34
  %c36 = mul i64 %c35, %c35
  %c37 = mul i64 %c36, %c36
  %c38 = mul i64 %c37, %c37
  %c39 = mul i64 %c38, %c38
  ret i64 %c39
}

define i64 @narrow2(ptr %p, i64 %a0, i64 %a1, i64 %a2) {
  store i32 ptrtoint (ptr @g2 to i32), ptr %p, align 4
  %x = xor i64 %a0, 7
  %y = xor i64 %a1, 9
  %c0 = add i64 %x, %y
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  %c24 = mul i64 %c23, %c23
  %c25 = mul i64 %c24, %c24
  %c26 = mul i64 %c25, %c25
  %c27 = mul i64 %c26, %c26
  %c28 = mul i64 %c27, %c27
  %c29 = mul i64 %c28, %c28
  %c30 = mul i64 %c29, %c29
  %c31 = mul i64 %c30, %c30
  %c32 = mul i64 %c31, %c31
  %c33 = mul i64 %c32, %c32
  %c34 = mul i64 %c33, %c33
  %c35 = mul i64 %c34, %c34
  %c36 = mul i64 %c35, %c35
  %c37 = mul i64 %c36, %c36
  %c38 = mul i64 %c37, %c37
  %c39 = mul i64 %c38, %c38
  ret i64 %c39
}

define i64 @wide1(ptr %p, i64 %a0, i64 %a1, i64 %a2, i64 %a3) {
  store i32 ptrtoint (ptr @g3 to i32), ptr %p, align 4
  %x = xor i64 %a0, 3
  %y = xor i64 %a1, 5
  %c0 = add i64 %x, %y
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  %c24 = mul i64 %c23, %c23
  %c25 = mul i64 %c24, %c24
  %c26 = mul i64 %c25, %c25
  %c27 = mul i64 %c26, %c26
  %c28 = mul i64 %c27, %c27
  %c29 = mul i64 %c28, %c28
  %c30 = mul i64 %c29, %c29
  %c31 = mul i64 %c30, %c30
  %c32 = mul i64 %c31, %c31
  %c33 = mul i64 %c32, %c32
  %c34 = mul i64 %c33, %c33
  %c35 = mul i64 %c34, %c34
  %c36 = mul i64 %c35, %c35
  %c37 = mul i64 %c36, %c36
  %c38 = mul i64 %c37, %c37
  %c39 = mul i64 %c38, %c38
  ret i64 %c39
}

define i64 @wide2(ptr %p, i64 %a0, i64 %a1, i64 %a2, i64 %a3) {
  store i32 ptrtoint (ptr @g4 to i32), ptr %p, align 4
  %x = xor i64 %a0, 7
  %y = xor i64 %a1, 9
  %c0 = add i64 %x, %y
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  %c24 = mul i64 %c23, %c23
  %c25 = mul i64 %c24, %c24
  %c26 = mul i64 %c25, %c25
  %c27 = mul i64 %c26, %c26
  %c28 = mul i64 %c27, %c27
  %c29 = mul i64 %c28, %c28
  %c30 = mul i64 %c29, %c29
  %c31 = mul i64 %c30, %c30
  %c32 = mul i64 %c31, %c31
  %c33 = mul i64 %c32, %c32
  %c34 = mul i64 %c33, %c33
  %c35 = mul i64 %c34, %c34
  %c36 = mul i64 %c35, %c35
  %c37 = mul i64 %c36, %c36
  %c38 = mul i64 %c37, %c37
  %c39 = mul i64 %c38, %c38
  ret i64 %c39
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
