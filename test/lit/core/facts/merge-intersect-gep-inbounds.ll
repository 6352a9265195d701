; `inbounds` on a GEP is a poison flag like `nsw`: a GEP with it and one
; without fold, and the survivor's GEP loses it.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %q = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT: %v = load i32, ptr %q, align 4

define i32 @f(ptr %p, i64 %i) {
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define internal i32 @g(ptr %p, i64 %i) unnamed_addr {
  %q = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @use(ptr %p) {
  %r = call i32 @g(ptr %p, i64 1)
  ret i32 %r
}
