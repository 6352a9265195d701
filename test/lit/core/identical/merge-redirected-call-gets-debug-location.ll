; @g was compiled without debug info, @f and @use with it. The call in @use
; to @g legitimately has no !dbg; once redirected to @f (which has a
; subprogram) the verifier demands a location on an inlinable call, so the
; merger gives it a line-0 location in @use's subprogram.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1), !dbg [[LOC:![0-9]+]]
; CHECK: [[USE:![0-9]+]] = distinct !DISubprogram(name: "use"
; CHECK: [[LOC]] = !DILocation(line: 0, scope: [[USE]])

define i32 @f(i32 %x) !dbg !5 {
  %a = add i32 %x, 1, !dbg !8
  %b = mul i32 %a, %x, !dbg !8
  ret i32 %b, !dbg !8
}

define internal i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() !dbg !9 {
  %a = call i32 @g(i32 1)
  ret i32 %a, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "use", scope: !1, file: !1, line: 10, type: !2, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 11, column: 3, scope: !9)
