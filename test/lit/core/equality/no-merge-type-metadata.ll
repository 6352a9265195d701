; !type metadata puts a function in a CFI type set (and drives whole-program
; devirtualization); while type tests remain in the module (here @check's
; llvm.type.test, before LowerTypeTests), functions in different sets must not
; share an address or a body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) !type !0 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) !type !1 {
; CHECK-NEXT: %a = add i32 %x, 1

define i32 @f(i32 %x) !type !0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) !type !1 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

declare i1 @llvm.type.test(ptr, metadata)

define i1 @check(ptr %fp) {
  %ok = call i1 @llvm.type.test(ptr %fp, metadata !"_ZTSFiiE")
  ret i1 %ok
}

!0 = !{i64 0, !"_ZTSFiiE"}
!1 = !{i64 0, !"_ZTSFijE"}
