; Two hot twins whose addresses are significant: folding one would make it a
; thunk, a jump on its every call, so under the default policy it keeps its
; body; a cold twin still becomes a thunk of the kept body. With the policy
; off, both become thunks.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -lto-merge-functions-hot-policy=off -S | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @h(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

; OFF-LABEL: define i32 @f(
; OFF-NEXT: %a = add i32 %x, 1
; OFF-LABEL: define i32 @g(
; OFF-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)
; OFF-LABEL: define i32 @h(
; OFF-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

define i32 @f(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @h(i32 %x) !prof !21 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  store ptr @h, ptr %slot
  ret void
}

!20 = !{!"function_entry_count", i64 500}
!21 = !{!"function_entry_count", i64 0}
