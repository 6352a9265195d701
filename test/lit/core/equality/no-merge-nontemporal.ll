; !nontemporal selects a different store instruction (a streaming store that
; bypasses the cache); it is not an optimizer fact that may be dropped or
; intersected, so it must match.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f(
; CHECK: store i32 %a, ptr %p, align 4, !nontemporal
; CHECK-LABEL: define void @g(
; CHECK: store i32 %a, ptr %p, align 4{{$}}

define void @f(ptr %p, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr %p, align 4, !nontemporal !0
  ret void
}

define void @g(ptr %p, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr %p, align 4
  ret void
}

!0 = !{i32 1}
