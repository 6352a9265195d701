; A personality routine is only consulted when an exception unwinds through
; an EH pad. @f carries the C++ personality but has no invoke or landing pad
; (code generation does not even emit it), so it equals @g, which has none.
; (Compare no-merge-personality.ll, where the bodies do have landing pads.)
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-LABEL: define i32 @f(
; CHECK-NOT: define {{.*}}@g(

declare i32 @__gxx_personality_v0(...)

define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r = call i32 @g(i32 1)
  ret i32 %r
}
