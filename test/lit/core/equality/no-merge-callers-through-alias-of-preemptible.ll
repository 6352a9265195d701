; In a shared object, @s is exported and not dso_local: another library may
; preempt it at load time. A call through the private alias @s.local still
; runs this module's body, a call to @s maybe another one, so callers that
; differ only in that do not fold. With a dso_local @t the two calls reach
; the same body and the callers fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT-NOT: via_s
; PRINT: selected function direct_t
; PRINT-NEXT: removing identical function via_t (erased)
; PRINT-NOT: via_s

; CHECK-LABEL: define i32 @entry(
; CHECK-NEXT: call i32 @direct_s(i32 %x)
; CHECK-NEXT: call i32 @via_s(i32 %x)
; CHECK-NEXT: call i32 @direct_t(i32 %x)
; CHECK-NEXT: call i32 @direct_t(i32 %x)

@s.local = private unnamed_addr alias i32 (i32), ptr @s
@t.local = private unnamed_addr alias i32 (i32), ptr @t

define i32 @s(i32 %x) {
  %r = mul i32 %x, 5
  ret i32 %r
}

define dso_local i32 @t(i32 %x) {
  %r = mul i32 %x, 9
  ret i32 %r
}

define i32 @entry(i32 %x) {
  %a = call i32 @direct_s(i32 %x)
  %b = call i32 @via_s(i32 %x)
  %c = call i32 @direct_t(i32 %x)
  %d = call i32 @via_t(i32 %x)
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %r = add i32 %ab, %cd
  ret i32 %r
}

define internal i32 @direct_s(i32 %x) unnamed_addr {
  %y = add i32 %x, 1
  %r = call i32 @s(i32 %y)
  ret i32 %r
}

define internal i32 @via_s(i32 %x) unnamed_addr {
  %y = add i32 %x, 1
  %r = call i32 @s.local(i32 %y)
  ret i32 %r
}

define internal i32 @direct_t(i32 %x) unnamed_addr {
  %y = add i32 %x, 2
  %r = call i32 @t(i32 %y)
  ret i32 %r
}

define internal i32 @via_t(i32 %x) unnamed_addr {
  %y = add i32 %x, 2
  %r = call i32 @t.local(i32 %y)
  ret i32 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
