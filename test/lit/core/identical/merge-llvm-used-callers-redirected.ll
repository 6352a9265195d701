; A function listed in llvm.used must stay as it is visible to the linker and
; its address counts as used, even with unnamed_addr: no alias, no erasure.
; It becomes a thunk and only its direct callers are redirected.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK: @llvm.used = appending global [1 x ptr] [ptr @g]
; CHECK-NOT: {{^@.* alias }}
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)
; CHECK-NEXT: store ptr @g, ptr %slot

@llvm.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
