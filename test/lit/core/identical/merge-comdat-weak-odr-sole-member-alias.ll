; What a ThinLTO backend sees of C++ deleting destructors that other modules
; may import: weak_odr, unnamed_addr, each alone in its own comdat, their
; addresses in vtables. No body is exact, so the body moves to a copy of
; its own; each member must keep its symbol but not its address, and on ELF a
; weak_odr function alone in its comdat may become an alias: the object then
; has no group of that name, and the weak symbol yields to another object's
; copy without a clash. The object file shows it: no section groups, both
; symbols weak and at one address, the body's (a local symbol).
; RUN: rm -rf %t.dir && split-file %s %t.dir
; RUN: %opt-merge -S %t.dir/merged.ll | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %t.dir/merged.ll | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge %t.dir/merged.ll -o %t.bc
; RUN: llc -filetype=obj %t.bc -o %t.o
; RUN: llvm-readelf --section-groups %t.o | FileCheck %s --check-prefix=GROUPS
; RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
; Another object's copy of A's destructor, in its group, links in either
; order without a duplicate-symbol error; the first definition wins.
; RUN: llc -filetype=obj %t.dir/other.ll -o %t.other.o
; RUN: %stock-lld %t.o %t.other.o -e 0 -o %t.first
; RUN: llvm-nm %t.first | FileCheck %s --check-prefix=FIRST
; RUN: %stock-lld %t.other.o %t.o -e 0 -o %t.second
; RUN: llvm-nm %t.second | FileCheck %s --check-prefix=SECOND

; PRINT: selected function _ZN1AD0Ev
; PRINT-NEXT: moving body to private function _ZN1AD0Ev.lmf.body (_ZN1AD0Ev: alias)
; PRINT-NEXT: removing identical function _ZN1BD0Ev (alias)

; CHECK-DAG: @_ZN1AD0Ev = weak_odr unnamed_addr alias void (ptr), ptr @_ZN1AD0Ev.lmf.body
; CHECK-DAG: @_ZN1BD0Ev = weak_odr unnamed_addr alias void (ptr), ptr @_ZN1AD0Ev.lmf.body
; CHECK-LABEL: define internal void @_ZN1AD0Ev.lmf.body(ptr %this) unnamed_addr {

; GROUPS: There are no section groups in this file.

; NM: [[ADDR:[0-9a-f]+]] W _ZN1AD0Ev
; NM-NEXT: [[ADDR]] t _ZN1AD0Ev.lmf.body
; NM-NEXT: [[ADDR]] W _ZN1BD0Ev

; The merged object first: both destructors at the body's address.
; FIRST: [[BODY:[0-9a-f]+]] W _ZN1AD0Ev
; FIRST-NEXT: [[BODY]] t _ZN1AD0Ev.lmf.body
; FIRST-NEXT: [[BODY]] W _ZN1BD0Ev
; The other object first: A's destructor is its copy, B's stays the body.
; SECOND: [[OTHER:[0-9a-f]+]] W _ZN1AD0Ev
; SECOND-NOT: [[OTHER]] W _ZN1BD0Ev
; SECOND: {{[0-9a-f]+}} W _ZN1BD0Ev

;--- merged.ll
target triple = "x86_64-unknown-linux-gnu"

$_ZN1AD0Ev = comdat any
$_ZN1BD0Ev = comdat any

@_ZTV1A = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @_ZN1AD0Ev] }
@_ZTV1B = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @_ZN1BD0Ev] }

declare void @_ZN4BaseD2Ev(ptr)
declare void @_ZdlPv(ptr)

define weak_odr void @_ZN1AD0Ev(ptr %this) unnamed_addr comdat {
  call void @_ZN4BaseD2Ev(ptr %this)
  call void @_ZdlPv(ptr %this)
  ret void
}

define weak_odr void @_ZN1BD0Ev(ptr %this) unnamed_addr comdat {
  call void @_ZN4BaseD2Ev(ptr %this)
  call void @_ZdlPv(ptr %this)
  ret void
}

;--- other.ll
target triple = "x86_64-unknown-linux-gnu"

$_ZN1AD0Ev = comdat any

define linkonce_odr void @_ZN1AD0Ev(ptr %this) unnamed_addr comdat {
  ret void
}

define void @_ZN4BaseD2Ev(ptr %this) {
  ret void
}

define void @_ZdlPv(ptr %p) {
  ret void
}
