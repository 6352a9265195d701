; The synchronization scope of an atomic says with whom it synchronizes: a
; singlethread acquire load only orders against signal handlers, a system
; one against other threads. They must not fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: load atomic i32, ptr %p syncscope("singlethread") acquire, align 4
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: load atomic i32, ptr %p acquire, align 4

define i32 @f(ptr %p) {
  %v = load atomic i32, ptr %p syncscope("singlethread") acquire, align 4
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @g(ptr %p) {
  %v = load atomic i32, ptr %p acquire, align 4
  %r = add i32 %v, 1
  ret i32 %r
}
