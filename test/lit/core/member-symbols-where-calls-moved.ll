; In a module with debug information, every member that merging leaves
; without code of its own where its calls run gets a local symbol there,
; for debuggers (`break g` in gdb): an erased member (@g) and a similar
; member whose calls were rewritten (@la, @lb) under their own names, a
; member kept as a thunk that its direct callers bypass (@h) as
; `h.lmf.calls`. Each has size 0 (a `.size` line of module assembly), so
; that llvm-symbolizer, which takes the largest of the symbols at an
; address, keeps naming the body. Without debug information nothing is
; added.
; RUN: %opt-merge -lto-merge-functions-similar -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: sed '/^!llvm.dbg.cu/d' %s > %t.nodebug.ll
; RUN: %opt-merge -lto-merge-functions-similar -S %t.nodebug.ll \
; RUN:   | FileCheck %s --check-prefix=NODEBUG
; RUN: llc -filetype=obj %t.ll -o %t.o
; RUN: %stock-lld %t.o -e f -o %t.out
; RUN: llvm-readelf -s %t.out | FileCheck %s --check-prefix=SYMS
; RUN: llvm-nm %t.out | FileCheck %s --check-prefix=NM
; RUN: llvm-nm %t.out | awk '$3 == "f" || $3 == "la.lmf.similar" { print "0x" $1 }' \
; RUN:   | llvm-symbolizer --obj=%t.out | FileCheck %s --check-prefix=SYMBOLIZED

; CHECK:      module asm ".size \22g\22, 0"
; CHECK-NEXT: module asm ".size \22h.lmf.calls\22, 0"
; CHECK-NEXT: module asm ".size \22la\22, 0"
; CHECK-NEXT: module asm ".size \22lb\22, 0"
; CHECK-DAG:  @g = internal alias i32 (i32), ptr @f
; CHECK-DAG:  @h.lmf.calls = internal alias i32 (i32), ptr @f
; CHECK-DAG:  @la = internal alias i32 (i32, ptr), ptr @la.lmf.similar
; CHECK-DAG:  @lb = internal alias i32 (i32, ptr), ptr @la.lmf.similar
; CHECK-LABEL: define i32 @h(
; CHECK-NEXT:  tail call i32 @f(

; NODEBUG-NOT: module asm
; NODEBUG-NOT: alias

; SYMS-DAG: {{[0-9a-f]+}} 0 FUNC LOCAL DEFAULT {{[0-9]+}} g{{$}}
; SYMS-DAG: {{[0-9a-f]+}} 0 FUNC LOCAL DEFAULT {{[0-9]+}} h.lmf.calls{{$}}
; SYMS-DAG: {{[0-9a-f]+}} 0 FUNC LOCAL DEFAULT {{[0-9]+}} la{{$}}
; SYMS-DAG: {{[0-9a-f]+}} 0 FUNC LOCAL DEFAULT {{[0-9]+}} lb{{$}}
; NM-DAG: [[F:[0-9a-f]+]] T f{{$}}
; NM-DAG: [[F]] t g{{$}}
; NM-DAG: [[F]] t h.lmf.calls{{$}}
; NM-DAG: [[S:[0-9a-f]+]] t la.lmf.similar{{$}}
; NM-DAG: [[S]] t la{{$}}
; NM-DAG: [[S]] t lb{{$}}
; SYMBOLIZED: {{^f$}}
; SYMBOLIZED: {{^la.lmf.similar$}}

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0
@slot = global ptr null

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = xor i32 %b, %a
  ret i32 %c
}

define internal i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = xor i32 %b, %a
  ret i32 %c
}

define i32 @h(i32 %x) local_unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = xor i32 %b, %a
  ret i32 %c
}

define internal i32 @la(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %s = add i32 %v, %x
  %c0 = mul i32 %s, %s
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
  ret i32 %c11
}

define internal i32 @lb(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %s = add i32 %v, %x
  %c0 = mul i32 %s, %s
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
  ret i32 %c11
}

define i32 @use(i32 %x) {
  %a = call i32 @g(i32 %x)
  %b = call i32 @h(i32 %a)
  store ptr @h, ptr @slot
  %c = call i32 @la(i32 %b)
  %d = call i32 @lb(i32 %c)
  ret i32 %d
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
