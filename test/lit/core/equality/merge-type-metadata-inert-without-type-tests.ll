; !type only matters while a type test (llvm.type.test and friends) can still
; read it; after LowerTypeTests has run, no test is left and the metadata no
; longer affects code. Twins differing only in inert !type fold. (Compare
; no-merge-type-metadata.ll, where a type test is still live.)
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NOT: define {{.*}}@g(

define i32 @f(i32 %x) !type !0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr !type !1 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r = call i32 @g(i32 1)
  ret i32 %r
}

!0 = !{i64 0, !"_ZTSFiiE"}
!1 = !{i64 0, !"_ZTSFijE"}
