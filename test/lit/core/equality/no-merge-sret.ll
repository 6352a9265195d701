; sret changes the ABI (the hidden return pointer is passed in a dedicated
; register on some targets and returned in %rax on x86-64): a function with an
; sret parameter and one without are not interchangeable.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f(ptr sret(i32) %out, i32 %x) {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define void @g(ptr %out, i32 %x) {
; CHECK-NEXT: %a = add i32 %x, 1

define void @f(ptr sret(i32) %out, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr %out, align 4
  ret void
}

define void @g(ptr %out, i32 %x) {
  %a = add i32 %x, 1
  store i32 %a, ptr %out, align 4
  ret void
}
