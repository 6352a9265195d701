; The positive control of no-merge-refused-member-keeps-its-flags.ll. @f and
; @g are equal but for `nsw` and cannot fold (varargs, addresses that
; matter), yet @callf and @callg were found equal because their callees are
; in one class, and @callg folds into @callf. @callg's callers now reach @f
; where they reached @g, and @callf's could as well have reached @g: both
; members take the meet, and neither keeps the `nsw`.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function callf
; PRINT-NEXT: removing identical function callg (erased)

; CHECK-LABEL: define i32 @f(i32 %n, ...) {
; CHECK: %r = add i32 %v, %n
; CHECK-LABEL: define i32 @g(i32 %n, ...) {
; CHECK: %r = add i32 %v, %n
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: call i32 @callf(i32 1)
; CHECK-NEXT: call i32 @callf(i32 2)
; CHECK-NOT: @callg

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
  %r = add nsw i32 %v, %n
  ret i32 %r
}

define internal i32 @callf(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %r = call i32 (i32, ...) @f(i32 %a, i32 %x, i32 7)
  %s = xor i32 %r, %a
  ret i32 %s
}

define internal i32 @callg(i32 %x) unnamed_addr {
  %a = mul i32 %x, 3
  %r = call i32 (i32, ...) @g(i32 %a, i32 %x, i32 7)
  %s = xor i32 %r, %a
  ret i32 %s
}

define i32 @use() {
  %p = call i32 @callf(i32 1)
  %q = call i32 @callg(i32 2)
  %s = add i32 %p, %q
  ret i32 %s
}
