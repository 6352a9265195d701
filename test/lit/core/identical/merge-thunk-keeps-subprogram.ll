; A thunk keeps its symbol and its DISubprogram, so a symbolizer still names
; @g for addresses inside it; the tail call carries a location in @g's
; subprogram (the verifier requires one for a call to a function with debug
; info).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK: define i32 @f(i32 %x) !dbg [[F:![0-9]+]] {
; CHECK: define i32 @g(i32 %x) !dbg [[G:![0-9]+]] {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x), !dbg [[GLOC:![0-9]+]]
; CHECK-NEXT: ret i32 [[R]]
; CHECK: [[F]] = distinct !DISubprogram(name: "f"
; CHECK: [[G]] = distinct !DISubprogram(name: "g"
; CHECK: [[GLOC]] = !DILocation(line: 5, scope: [[G]])

define i32 @f(i32 %x) !dbg !5 {
  %a = add i32 %x, 1, !dbg !8
  %b = mul i32 %a, %x, !dbg !8
  ret i32 %b, !dbg !8
}

define i32 @g(i32 %x) !dbg !9 {
  %a = add i32 %x, 1, !dbg !10
  %b = mul i32 %a, %x, !dbg !10
  ret i32 %b, !dbg !10
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
!9 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 4, type: !2, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 6, column: 3, scope: !9)
