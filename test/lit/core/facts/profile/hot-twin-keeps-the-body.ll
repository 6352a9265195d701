; Of two twins that only differ in their profile, the hot one keeps the body
; and the cold one becomes its thunk: calls of the hot one run no extra jump.
; With the policy off, the survivor is chosen by name as before.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -lto-merge-functions-hot-policy=off -S | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @g(i32 %x)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1

; OFF-LABEL: define i32 @f(
; OFF-NEXT: %a = add i32 %x, 1
; OFF-LABEL: define i32 @g(
; OFF-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

define i32 @f(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) !prof !21 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}

!20 = !{!"function_entry_count", i64 1}
!21 = !{!"function_entry_count", i64 1000}
