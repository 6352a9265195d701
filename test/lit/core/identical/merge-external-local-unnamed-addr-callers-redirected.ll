; local_unnamed_addr: the address is insignificant inside this module but may
; be compared by other modules. All in-module uses (calls and address uses)
; go to the survivor; @g stays as a thunk so outside code still sees a
; distinct address, and it is not turned into an alias.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: store ptr @f, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) local_unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
