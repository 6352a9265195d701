; Allocas of different types reserve different amounts of stack: folding
; would give @g's callee (which writes 8 bytes) a 4-byte slot.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f(
; CHECK-NEXT: %a = alloca [4 x i8], align 4
; CHECK-LABEL: define void @g(
; CHECK-NEXT: %a = alloca [8 x i8], align 4

declare void @fill(ptr)

define void @f(i32 %x) {
  %a = alloca [4 x i8], align 4
  store i32 %x, ptr %a, align 4
  call void @fill(ptr %a)
  ret void
}

define void @g(i32 %x) {
  %a = alloca [8 x i8], align 4
  store i32 %x, ptr %a, align 4
  call void @fill(ptr %a)
  ret void
}
