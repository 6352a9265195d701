; In a shared object (PIC, not PIE), an exported default-visibility function
; that is not dso_local may be preempted at load time (LD_PRELOAD, an
; earlier library). Interposing one twin must not change another, and calls
; to either must keep going through their own symbols: preemptible twins
; only become thunks, and they forward to a body nothing can preempt. With a
; hidden twin (@twin_h), that body is the hidden one; with preemptible twins
; only (@pa, @pb), the body moves to a private copy.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function twin_h
; PRINT-NEXT: removing identical function twin_a (thunk)
; PRINT-NEXT: removing identical function twin_b (thunk)
; PRINT: selected function pa
; PRINT-NEXT: moving body to private function pa.lmf.body (pa: thunk)
; PRINT-NEXT: removing identical function pb (thunk)

; CHECK-LABEL: define i32 @twin_a(i32 %x)
; CHECK-NEXT: tail call i32 @twin_h(i32 %x)
; CHECK-LABEL: define i32 @twin_b(i32 %x)
; CHECK-NEXT: tail call i32 @twin_h(i32 %x)
; CHECK-LABEL: define hidden i32 @twin_h(i32 %x)
; CHECK-NEXT: mul i32 %x, 7
; CHECK-LABEL: define i32 @pa(i32 %0)
; CHECK-NEXT: tail call i32 @pa.lmf.body(i32 %0)
; CHECK-LABEL: define internal i32 @pa.lmf.body(i32 %x)
; CHECK-LABEL: define i32 @pb(i32 %x)
; CHECK-NEXT: tail call i32 @pa.lmf.body(i32 %x)
; CHECK-LABEL: define i32 @call_b(i32 %x)
; CHECK-NEXT: call i32 @twin_b(i32 %x)
; CHECK-LABEL: define i32 @call_pb(i32 %x)
; CHECK-NEXT: call i32 @pb(i32 %x)

define i32 @twin_a(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  ret i32 %b
}

define i32 @twin_b(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  ret i32 %b
}

define hidden i32 @twin_h(i32 %x) {
  %a = mul i32 %x, 7
  %b = add i32 %a, 3
  ret i32 %b
}

define i32 @pa(i32 %x) {
  %a = mul i32 %x, 9
  %b = sub i32 %a, 3
  ret i32 %b
}

define i32 @pb(i32 %x) {
  %a = mul i32 %x, 9
  %b = sub i32 %a, 3
  ret i32 %b
}

define i32 @call_b(i32 %x) {
  %r = call i32 @twin_b(i32 %x)
  ret i32 %r
}

define i32 @call_pb(i32 %x) {
  %r = call i32 @pb(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
