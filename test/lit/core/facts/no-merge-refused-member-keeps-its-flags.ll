; A refused fold changes nothing: @g cannot become a thunk (varargs) and
; nothing calls it, so no caller can have been found equal through it, and
; @g keeps the `nsw` only it carries. (@f, the member that would have kept
; its body, keeps its own flags too.)
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; REPORT: "function": "g"
; REPORT-NEXT: "reason": "varargs function cannot be forwarded by a thunk"

; CHECK-LABEL: define i32 @f(i32 %n, ...) {
; CHECK: %r = add nuw i32 %v, %n
; CHECK-LABEL: define i32 @g(i32 %n, ...) {
; CHECK: %r = add nuw nsw i32 %v, %n

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @f(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add nuw i32 %v, %n
  ret i32 %r
}

define i32 @g(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %r = add nuw nsw i32 %v, %n
  ret i32 %r
}
