; A body merging creates in one module is named after the member whose body
; it was, with a suffix that says what it is: `<kept member>.lmf.body` when
; an identical class's kept member may be replaced at link time,
; `<first member>.lmf.similar` for a similar class. Both are internal
; functions, so they have a symbol in the object, and a demangler prints
; the suffix as a clone suffix.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print \
; RUN:   -S %s -o %t.ll | FileCheck %s --check-prefix=PRINT
; RUN: FileCheck %s < %t.ll
; RUN: llc -filetype=obj %t.ll -o %t.o
; RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
; RUN: llvm-nm %t.o | llvm-cxxfilt | FileCheck %s --check-prefix=DEMANGLED

; PRINT:      selected function _ZN1A3getEi
; PRINT-NEXT:   moving body to private function _ZN1A3getEi.lmf.body (_ZN1A3getEi: thunk)
; PRINT-NEXT:   removing identical function _ZN1B3getEi (thunk)
; PRINT-NEXT: merged similar functions into _Z5tablei.lmf.similar
; PRINT-NEXT:   sharing body with similar function _Z5tablei (thunk)
; PRINT-NEXT:   sharing body with similar function _Z6table2i (thunk)

; CHECK: define internal i32 @_ZN1A3getEi.lmf.body(
; CHECK: define internal i32 @_Z5tablei.lmf.similar(

; NM-DAG: t _ZN1A3getEi.lmf.body{{$}}
; NM-DAG: t _Z5tablei.lmf.similar{{$}}

; DEMANGLED-DAG: t A::get(int) (.lmf.body){{$}}
; DEMANGLED-DAG: t table(int) (.lmf.similar){{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ta = global i32 1
@tb = global i32 2

define weak i32 @_ZN1A3getEi(i32 %x) {
  %m = mul i32 %x, 7
  %a = add i32 %m, 3
  %s = shl i32 %a, 2
  %t = xor i32 %s, %x
  %u = mul i32 %t, %a
  ret i32 %u
}

define weak i32 @_ZN1B3getEi(i32 %x) {
  %m = mul i32 %x, 7
  %a = add i32 %m, 3
  %s = shl i32 %a, 2
  %t = xor i32 %s, %x
  %u = mul i32 %t, %a
  ret i32 %u
}

define i32 @_Z5tablei(i32 %x) {
  %v = load i32, ptr @ta
  %m = mul i32 %v, %x
  %a = add i32 %m, 3
  %s = shl i32 %a, 2
  %t = xor i32 %s, %x
  %u = mul i32 %t, %a
  %y = sub i32 %u, %v
  %z = or i32 %y, %m
  %q = and i32 %z, %s
  %r = mul i32 %q, %z
  %o = xor i32 %r, %y
  ret i32 %o
}

define i32 @_Z6table2i(i32 %x) {
  %v = load i32, ptr @tb
  %m = mul i32 %v, %x
  %a = add i32 %m, 3
  %s = shl i32 %a, 2
  %t = xor i32 %s, %x
  %u = mul i32 %t, %a
  %y = sub i32 %u, %v
  %z = or i32 %y, %m
  %q = and i32 %z, %s
  %r = mul i32 %q, %z
  %o = xor i32 %r, %y
  ret i32 %o
}
