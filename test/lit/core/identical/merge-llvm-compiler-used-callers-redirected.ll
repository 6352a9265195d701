; An internal unnamed_addr function in llvm.compiler.used would normally be
; erased; being "used" it must stay (e.g. referenced from inline asm). It is
; kept as a thunk; direct callers go to the survivor.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (callers-redirected)

; CHECK: @llvm.compiler.used = appending global [1 x ptr] [ptr @g]
; CHECK-LABEL: define internal i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %a = call i32 @f(i32 1)

@llvm.compiler.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"

define i32 @f(i32 %x) {
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
  %a = call i32 @g(i32 1)
  ret i32 %a
}
