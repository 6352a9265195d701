; Inline (linkonce_odr) members live in comdats: every object that uses
; one has a copy, and the link keeps one. A member that becomes a thunk
; passing a constant table takes its table into its comdat, so the link
; keeps the table of the copy it keeps and drops the others with theirs.
; COFF wants a symbol for every member of a comdat, which a private table
; has not: there the table stays out. (Three arguments and four strings
; need a table on both targets: six integer argument registers on x86-64
; Linux, four on Windows.)
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S %s | FileCheck %s --check-prefix=ELF
; RUN: sed -e 's/x86_64-unknown-linux-gnu/x86_64-pc-windows-msvc/' %s | %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S | FileCheck %s --check-prefix=COFF

; ELF: @first.lmf.constants = private unnamed_addr constant {{.*}} { ptr @.a{{[0-9]}}, {{.*}} }, comdat($first), align 8
; ELF: @second.lmf.constants = private unnamed_addr constant {{.*}} { ptr @.b{{[0-9]}}, {{.*}} }, comdat($second), align 8
; ELF: define linkonce_odr i64 @first(i64 %0, i64 %1, i64 %2) comdat {
; ELF-NEXT: tail call i64 @first.lmf.similar({{.*}}, ptr {{.*}}@first.lmf.constants)

; COFF: @first.lmf.constants = private unnamed_addr constant {{.*}} { ptr @.a{{[0-9]}}, {{.*}} }, align 8
; COFF-NOT: comdat($first), align
; COFF: @second.lmf.constants = private unnamed_addr constant {{.*}} { ptr @.b{{[0-9]}}, {{.*}} }, align 8
; COFF: define linkonce_odr i64 @first(i64 %0, i64 %1, i64 %2) comdat {
; COFF-NEXT: tail call i64 @first.lmf.similar({{.*}}, ptr {{.*}}@first.lmf.constants)

target triple = "x86_64-unknown-linux-gnu"

@.a0 = private unnamed_addr constant [3 x i8] c"a0\00"
@.a1 = private unnamed_addr constant [3 x i8] c"a1\00"
@.a2 = private unnamed_addr constant [3 x i8] c"a2\00"
@.a3 = private unnamed_addr constant [3 x i8] c"a3\00"
@.b0 = private unnamed_addr constant [3 x i8] c"b0\00"
@.b1 = private unnamed_addr constant [3 x i8] c"b1\00"
@.b2 = private unnamed_addr constant [3 x i8] c"b2\00"
@.b3 = private unnamed_addr constant [3 x i8] c"b3\00"

$first = comdat any
$second = comdat any

declare void @report(ptr)

define linkonce_odr i64 @first(i64 %a, i64 %b, i64 %c) comdat {
entry:
  %n = mul i64 %a, %b
  %t0 = icmp sgt i64 %n, 1000
  br i1 %t0, label %warn0, label %next0
warn0:
  call void @report(ptr @.a0)
  br label %next0
next0:
  %t1 = icmp sgt i64 %n, 2000
  br i1 %t1, label %warn1, label %next1
warn1:
  call void @report(ptr @.a1)
  br label %next1
next1:
  %t2 = icmp sgt i64 %n, 3000
  br i1 %t2, label %warn2, label %next2
warn2:
  call void @report(ptr @.a2)
  br label %next2
next2:
  %t3 = icmp sgt i64 %n, 4000
  br i1 %t3, label %warn3, label %next3
warn3:
  call void @report(ptr @.a3)
  br label %next3
next3:
  %c0 = add i64 %n, %c
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
  ret i64 %c29
}

define linkonce_odr i64 @second(i64 %a, i64 %b, i64 %c) comdat {
entry:
  %n = mul i64 %a, %b
  %t0 = icmp sgt i64 %n, 1000
  br i1 %t0, label %warn0, label %next0
warn0:
  call void @report(ptr @.b0)
  br label %next0
next0:
  %t1 = icmp sgt i64 %n, 2000
  br i1 %t1, label %warn1, label %next1
warn1:
  call void @report(ptr @.b1)
  br label %next1
next1:
  %t2 = icmp sgt i64 %n, 3000
  br i1 %t2, label %warn2, label %next2
warn2:
  call void @report(ptr @.b2)
  br label %next2
next2:
  %t3 = icmp sgt i64 %n, 4000
  br i1 %t3, label %warn3, label %next3
warn3:
  call void @report(ptr @.b3)
  br label %next3
next3:
  %c0 = add i64 %n, %c
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
  ret i64 %c29
}
