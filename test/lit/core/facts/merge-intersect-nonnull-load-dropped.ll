; !nonnull on a load is a fact about the loaded pointer that held for @f's
; callers only; the twins fold and the survivor's load loses it.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i1 @f(
; CHECK-NEXT: %v = load ptr, ptr %p, align 8{{$}}
; CHECK-NEXT: %c = icmp eq ptr %v, null

define i1 @f(ptr %p) {
  %v = load ptr, ptr %p, align 8, !nonnull !0
  %c = icmp eq ptr %v, null
  ret i1 %c
}

define internal i1 @g(ptr %p) unnamed_addr {
  %v = load ptr, ptr %p, align 8
  %c = icmp eq ptr %v, null
  ret i1 %c
}

define i1 @use(ptr %p) {
  %r = call i1 @g(ptr %p)
  ret i1 %r
}

!0 = !{}
