; Seed: twins with debug info, switch and phi, one linkonce_odr.
define i32 @d1(i32 %x) !dbg !6 {
entry:
  switch i32 %x, label %def [
    i32 1, label %one
    i32 7, label %seven
  ], !dbg !8
one:
  br label %join, !dbg !8
seven:
  br label %join, !dbg !8
def:
  br label %join, !dbg !8
join:
  %p = phi i32 [ 10, %one ], [ 70, %seven ], [ 0, %def ], !dbg !8
  ret i32 %p, !dbg !8
}

define linkonce_odr i32 @d2(i32 %x) !dbg !9 {
entry:
  switch i32 %x, label %def [
    i32 1, label %one
    i32 7, label %seven
  ], !dbg !10
def:
  br label %join, !dbg !10
one:
  br label %join, !dbg !10
seven:
  br label %join, !dbg !10
join:
  %p = phi i32 [ 10, %one ], [ 70, %seven ], [ 0, %def ], !dbg !10
  ret i32 %p, !dbg !10
}

define i32 @caller(i32 %x) !dbg !11 {
  %a = call i32 @d1(i32 %x), !dbg !12
  %b = call i32 @d2(i32 %a), !dbg !12
  ret i32 %b, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "seed", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "seed.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{})
!6 = distinct !DISubprogram(name: "d1", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !6)
!9 = distinct !DISubprogram(name: "d2", scope: !1, file: !1, line: 9, type: !5, scopeLine: 9, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DILocation(line: 10, column: 3, scope: !9)
!11 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 20, type: !5, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 21, column: 3, scope: !11)
