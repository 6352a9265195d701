; With debug info, every function must own a distinct DISubprogram. The
; shared body takes over the first member's subprogram, which its
; instructions' locations and variables are scoped in; the first member,
; now a thunk, gets a copy with no retained nodes; the other member keeps
; its own. Each thunk call has a location in its own subprogram, and the
; module verifies (-lto-merge-functions-verify, then opt's verifier).
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into a.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function a (thunk)
; PRINT-NEXT: sharing body with similar function b (thunk)

; CHECK: define i32 @a(i32 %0) !dbg [[A:![0-9]+]] {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %0, ptr @g1), !dbg [[ALOC:![0-9]+]]
; CHECK-NEXT: ret i32 [[R]]
; CHECK: define internal i32 @a.lmf.similar(i32 %x, ptr %0) unnamed_addr !dbg [[BODY:![0-9]+]] {
; CHECK-NEXT: %v = load i32, ptr %0, align 4, !dbg [[BODYLOC:![0-9]+]]
; CHECK-NEXT: #dbg_value(i32 %v, [[VAR:![0-9]+]], !DIExpression(), [[BODYLOC]])
; CHECK: define i32 @b(i32 %x) !dbg [[B:![0-9]+]] {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @a.lmf.similar(i32 %x, ptr @g2), !dbg [[BLOC:![0-9]+]]
; CHECK-NEXT: ret i32 [[R]]
; CHECK-DAG: [[A]] = distinct !DISubprogram(name: "a", {{.*}}line: 1, {{.*}}retainedNodes: [[EMPTY:![0-9]+]])
; CHECK-DAG: [[EMPTY]] = !{}
; CHECK-DAG: [[BODY]] = distinct !DISubprogram(name: "a", {{.*}}line: 1, {{.*}}retainedNodes: [[VARS:![0-9]+]])
; CHECK-DAG: [[VARS]] = !{[[VAR]]}
; CHECK-DAG: [[VAR]] = !DILocalVariable(name: "v", scope: [[BODY]],
; CHECK-DAG: [[B]] = distinct !DISubprogram(name: "b",
; CHECK-DAG: [[ALOC]] = !DILocation(line: 1, scope: [[A]])
; CHECK-DAG: [[BODYLOC]] = !DILocation(line: 2, column: 3, scope: [[BODY]])
; CHECK-DAG: [[BLOC]] = !DILocation(line: 5, scope: [[B]])

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

define i32 @a(i32 %x) !dbg !5 {
  %v = load i32, ptr @g1, align 4, !dbg !8
    #dbg_value(i32 %v, !20, !DIExpression(), !8)
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
  ret i32 %c23, !dbg !8
}

define i32 @b(i32 %x) !dbg !9 {
  %v = load i32, ptr @g2, align 4, !dbg !10
    #dbg_value(i32 %v, !21, !DIExpression(), !10)
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
  ret i32 %c23, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "a", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !22)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "b", scope: !1, file: !1, line: 4, type: !2, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !24)
!10 = !DILocation(line: 6, column: 3, scope: !9)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !11)
!21 = !DILocalVariable(name: "v", scope: !9, file: !1, line: 6, type: !11)
!22 = !{!20}
!24 = !{!21}
