; Hot twins still fold where no instruction is added to their calls: an
; internal one whose address nothing compares is erased, its calls reaching
; the kept body; an exported unnamed_addr one becomes an alias.
; RUN: llvm-link -S %s %S/Inputs/profile-summary.ll | %opt-merge -S | FileCheck %s

; CHECK: @g = unnamed_addr alias i32 (i32), ptr @f
; CHECK-NOT: define {{.*}} @h(
; CHECK-LABEL: define i32 @user(
; CHECK-NEXT: %r = call i32 @f(i32 %x)

define i32 @f(i32 %x) unnamed_addr !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) unnamed_addr !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @h(i32 %x) unnamed_addr !prof !20 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @user(i32 %x) {
  %r = call i32 @h(i32 %x)
  ret i32 %r
}

!20 = !{!"function_entry_count", i64 5000}
