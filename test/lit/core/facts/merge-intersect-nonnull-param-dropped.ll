; A `nonnull` parameter on @f only: the twins fold, and since @g's callers may
; pass null, the survivor drops `nonnull` (a false nonnull would be UB).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(ptr %p) {
; CHECK-NEXT: %c = icmp eq ptr %p, null

define i32 @f(ptr nonnull %p) {
  %c = icmp eq ptr %p, null
  %r = zext i1 %c to i32
  ret i32 %r
}

define internal i32 @g(ptr %p) unnamed_addr {
  %c = icmp eq ptr %p, null
  %r = zext i1 %c to i32
  ret i32 %r
}

define i32 @use() {
  %r = call i32 @g(ptr null)
  ret i32 %r
}
