; A function built for size is never hot for merging, whatever its count:
; its unit asked for the smallest code, so the hot twin built with minsize
; becomes a thunk as any twin would.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

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
