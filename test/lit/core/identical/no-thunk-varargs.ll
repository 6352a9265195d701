; A varargs function cannot be a thunk: its variable arguments cannot be
; forwarded by an ordinary call. The address-significant external twin would
; need a thunk, so the fold is refused.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %n, ...) {
; CHECK-NEXT: %ap = alloca ptr
; CHECK-LABEL: define i32 @g(i32 %n, ...) {
; CHECK-NEXT: %ap = alloca ptr

; REPORT: "function": "g"
; REPORT-NEXT: "reason": "varargs function cannot be forwarded by a thunk"
; REPORT: "refused": 1

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

define i32 @g(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i32 %v, %n
  ret i32 %r
}
