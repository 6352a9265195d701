; Under -fsemantic-interposition (module flag SemanticInterposition), an
; external function that is not dso_local may be interposed by a shared
; library's definition, just like a weak one: @g only becomes a thunk and its
; callers keep calling it. The dso_local @f is exact and stays the body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (thunk)

; CHECK-LABEL: define dso_local i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define dso_local i32 @use(
; CHECK-NEXT: %a = call i32 @g(i32 1)

define dso_local i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define dso_local i32 @use() {
  %a = call i32 @g(i32 1)
  ret i32 %a
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", i32 1}
