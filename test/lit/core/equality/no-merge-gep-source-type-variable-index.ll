; With a variable index the GEP's source element type is the stride:
; `getelementptr i32, %p, %i` advances 4*i bytes, `getelementptr i64` 8*i.
; Pointers are opaque, so only the source element type tells them apart.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: getelementptr i32, ptr %p, i64 %i
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: getelementptr i64, ptr %p, i64 %i

define i32 @f(ptr %p, i64 %i) {
  %q = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i32 @g(ptr %p, i64 %i) {
  %q = getelementptr i64, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}
