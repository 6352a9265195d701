; linkonce_odr twins whose addresses are significant share a body through a
; private copy: the survivor itself would become a thunk of that copy. When
; the survivor is hot it stays as it is, and the cold twins share a body of
; their own. With the policy off, the hot one is folded with them.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -lto-merge-functions-hot-policy=off -S | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define linkonce_odr i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define linkonce_odr i32 @g(
; CHECK-NEXT: {{%.*}} = tail call i32 @[[BODY:g\.lmf\.body]](i32 {{%.*}})
; CHECK-LABEL: define linkonce_odr i32 @h(
; CHECK-NEXT: {{%.*}} = tail call i32 @[[BODY]](i32 {{%.*}})

; OFF-LABEL: define linkonce_odr i32 @f(
; OFF-NEXT: {{%.*}} = tail call i32 @[[BODY:[.a-z]+\.lmf\.body]](i32 {{%.*}})
; OFF-LABEL: define linkonce_odr i32 @g(
; OFF-NEXT: {{%.*}} = tail call i32 @[[BODY]](i32 {{%.*}})

define linkonce_odr i32 @f(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @g(i32 %x) !prof !21 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define linkonce_odr i32 @h(i32 %x) !prof !21 {
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

!20 = !{!"function_entry_count", i64 5000}
!21 = !{!"function_entry_count", i64 3}
