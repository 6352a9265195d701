; Debug information survives a merge and still describes both members.
; The merged body takes @f1's subprogram and @f1's thunk gets a copy of
; its own; @f2's locations and variables stay @f2's, as locations inlined
; into the body at line 0, so that a debugger shows @f2's source and
; variables where the body runs @f2's code. The verifier checks the
; subprograms and scopes (the RUN line's -lto-merge-functions-verify).
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK: define dso_local noundef i32 @f1(i32 noundef %x) local_unnamed_addr !dbg ![[THUNKSP:[0-9]+]] {
; CHECK: define internal noundef i32 @f1.lmf.aligned(i32 noundef %x, i1 noundef %lmf.id) unnamed_addr !dbg ![[BODYSP:[0-9]+]] {
; CHECK: #dbg_value(i32 %add, ![[F1A:[0-9]+]], !DIExpression(), ![[F1LOC:[0-9]+]])
; CHECK-NEXT: #dbg_value(i32 %add, ![[F2A:[0-9]+]], !DIExpression(), ![[F2LOC:[0-9]+]])
; CHECK: define dso_local noundef i32 @f2(i32 noundef %x) local_unnamed_addr !dbg ![[F2SP:[0-9]+]] {
; CHECK-DAG: ![[THUNKSP]] = distinct !DISubprogram(name: "f1"
; CHECK-DAG: ![[BODYSP]] = distinct !DISubprogram(name: "f1"
; CHECK-DAG: ![[F1A]] = !DILocalVariable(name: "a", scope: ![[BODYSP]]
; CHECK-DAG: ![[F1LOC]] = !DILocation(line: 0, scope: ![[BODYSP]])
; CHECK-DAG: ![[F2A]] = !DILocalVariable(name: "a", scope: ![[F2SP]]
; CHECK-DAG: ![[F2LOC]] = !DILocation(line: 0, scope: ![[F2SP]], inlinedAt: ![[SITE:[0-9]+]])
; CHECK-DAG: ![[SITE]] = distinct !DILocation(line: 0, scope: ![[BODYSP]])

; clang-22 -O2 -g -S -emit-llvm of:
;   void use(int);
;   int f1(int x) { int a = x + 1; use(a); int b = a * a; use(b); return b ^ 1; }
;   int f2(int x) { int a = x + 1; use(a); int b = a * x; use(b); return b ^ 1; }

source_filename = "dbg.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local noundef i32 @f1(i32 noundef %x) local_unnamed_addr !dbg !14 {
entry:
    #dbg_value(i32 %x, !19, !DIExpression(), !22)
  %add = add nsw i32 %x, 1, !dbg !23
    #dbg_value(i32 %add, !20, !DIExpression(), !22)
  tail call void @use(i32 noundef %add), !dbg !24
  %mul = mul nsw i32 %add, %add, !dbg !25
    #dbg_value(i32 %mul, !21, !DIExpression(), !22)
  tail call void @use(i32 noundef %mul), !dbg !26
  %xor = xor i32 %mul, 1, !dbg !27
  ret i32 %xor, !dbg !28
}

declare !dbg !29 void @use(i32 noundef) local_unnamed_addr

define dso_local noundef i32 @f2(i32 noundef %x) local_unnamed_addr !dbg !32 {
entry:
    #dbg_value(i32 %x, !34, !DIExpression(), !37)
  %add = add nsw i32 %x, 1, !dbg !38
    #dbg_value(i32 %add, !35, !DIExpression(), !37)
  tail call void @use(i32 noundef %add), !dbg !39
  %mul = mul nsw i32 %add, %x, !dbg !40
    #dbg_value(i32 %mul, !36, !DIExpression(), !37)
  tail call void @use(i32 noundef %mul), !dbg !41
  %xor = xor i32 %mul, 1, !dbg !42
  ret i32 %xor, !dbg !43
}


!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "dbg.c", directory: "/tmp", checksumkind: CSK_MD5, checksum: "e53c412d25c681b7919aa7c9f2b628af")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!14 = distinct !DISubprogram(name: "f1", scope: !1, file: !1, line: 2, type: !15, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !18, keyInstructions: true)
!15 = !DISubroutineType(types: !16)
!16 = !{!17, !17}
!17 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!18 = !{!19, !20, !21}
!19 = !DILocalVariable(name: "x", arg: 1, scope: !14, file: !1, line: 2, type: !17)
!20 = !DILocalVariable(name: "a", scope: !14, file: !1, line: 2, type: !17)
!21 = !DILocalVariable(name: "b", scope: !14, file: !1, line: 2, type: !17)
!22 = !DILocation(line: 0, scope: !14)
!23 = !DILocation(line: 2, column: 27, scope: !14, atomGroup: 1, atomRank: 2)
!24 = !DILocation(line: 2, column: 32, scope: !14)
!25 = !DILocation(line: 2, column: 50, scope: !14, atomGroup: 2, atomRank: 2)
!26 = !DILocation(line: 2, column: 55, scope: !14)
!27 = !DILocation(line: 2, column: 72, scope: !14, atomGroup: 4, atomRank: 2)
!28 = !DILocation(line: 2, column: 63, scope: !14, atomGroup: 4, atomRank: 1)
!29 = !DISubprogram(name: "use", scope: !1, file: !1, line: 1, type: !30, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!30 = !DISubroutineType(types: !31)
!31 = !{null, !17}
!32 = distinct !DISubprogram(name: "f2", scope: !1, file: !1, line: 3, type: !15, scopeLine: 3, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !33, keyInstructions: true)
!33 = !{!34, !35, !36}
!34 = !DILocalVariable(name: "x", arg: 1, scope: !32, file: !1, line: 3, type: !17)
!35 = !DILocalVariable(name: "a", scope: !32, file: !1, line: 3, type: !17)
!36 = !DILocalVariable(name: "b", scope: !32, file: !1, line: 3, type: !17)
!37 = !DILocation(line: 0, scope: !32)
!38 = !DILocation(line: 3, column: 27, scope: !32, atomGroup: 1, atomRank: 2)
!39 = !DILocation(line: 3, column: 32, scope: !32)
!40 = !DILocation(line: 3, column: 50, scope: !32, atomGroup: 2, atomRank: 2)
!41 = !DILocation(line: 3, column: 55, scope: !32)
!42 = !DILocation(line: 3, column: 72, scope: !32, atomGroup: 4, atomRank: 2)
!43 = !DILocation(line: 3, column: 63, scope: !32, atomGroup: 4, atomRank: 1)
