; When the body moves to a private copy, the copy takes the survivor's
; DISubprogram (its instructions' locations point into it) and the survivor,
; now a thunk, gets a distinct clone of it: a DISubprogram may be attached to
; only one function, and the thunk must still symbolize as @f.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: moving body to private function f.lmf.body (f: callers-redirected)
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK: define linkonce_odr i32 @f(i32 %0) !dbg [[FTHUNK:![0-9]+]] {
; CHECK-NEXT: tail call i32 @f.lmf.body(i32 %0), !dbg
; CHECK: define internal i32 @f.lmf.body(i32 %x) unnamed_addr !dbg [[FBODY:![0-9]+]] {
; CHECK-NEXT: %a = add i32 %x, 1, !dbg
; CHECK: define linkonce_odr i32 @g(i32 %x) !dbg [[G:![0-9]+]] {
; CHECK-NEXT: tail call i32 @f.lmf.body(i32 %x), !dbg
; CHECK-DAG: [[FBODY]] = distinct !DISubprogram(name: "f"
; CHECK-DAG: [[FTHUNK]] = distinct !DISubprogram(name: "f"
; CHECK-DAG: [[G]] = distinct !DISubprogram(name: "g"

define linkonce_odr i32 @f(i32 %x) !dbg !5 {
  %a = add i32 %x, 1, !dbg !8
  %b = mul i32 %a, %x, !dbg !8
  ret i32 %b, !dbg !8
}

define linkonce_odr i32 @g(i32 %x) !dbg !9 {
  %a = add i32 %x, 1, !dbg !10
  %b = mul i32 %a, %x, !dbg !10
  ret i32 %b, !dbg !10
}

define void @use(ptr %slot) !dbg !11 {
  store ptr @f, ptr %slot, !dbg !12
  store ptr @g, ptr %slot, !dbg !12
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 4, type: !2, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 6, column: 3, scope: !9)
!11 = distinct !DISubprogram(name: "use", scope: !1, file: !1, line: 10, type: !2, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 11, column: 3, scope: !11)
