; Varargs functions are refused only when a thunk is needed. An internal
; unnamed_addr varargs twin is erased (its calls go to the survivor with
; their variable arguments unchanged), which needs no thunk.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-NOT: @g(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 (i32, ...) @f(i32 1, i32 5)

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @f(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

define internal i32 @g(i32 %n, ...) unnamed_addr {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

define i32 @use() {
  %a = call i32 (i32, ...) @g(i32 1, i32 5)
  ret i32 %a
}
