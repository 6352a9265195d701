; A function built for size is hot when its profile says so, like any other:
; its unit asked for small code, not for the instructions a thunk adds to
; its calls. The two hot twins built with minsize, both address-taken, keep
; their bodies under the default policy; with the policy off the second
; becomes a thunk of the first.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll \
; RUN:   | %opt-merge -lto-merge-functions-hot-policy=off -S \
; RUN:   | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1

; OFF-LABEL: define i32 @g(
; OFF-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

define i32 @f(i32 %x) #0 !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) #0 !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}

attributes #0 = { minsize optsize }

!20 = !{!"function_entry_count", i64 5000}
