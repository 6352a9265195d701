; Two weak varargs twins: no exact body exists, so sharing one would need the
; body moved to a private copy and both weak functions turned into thunks to
; it, which varargs functions cannot be. Nothing folds.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function
; PRINT-NOT: moving body

; CHECK-NOT: lmf.body
; CHECK-LABEL: define weak i32 @f(i32 %n, ...) {
; CHECK-NEXT: %ap = alloca ptr
; CHECK-LABEL: define weak i32 @g(i32 %n, ...) {
; CHECK-NEXT: %ap = alloca ptr

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define weak i32 @f(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}

define weak i32 @g(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}
