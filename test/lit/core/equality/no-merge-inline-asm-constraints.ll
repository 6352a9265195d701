; Same asm text, different constraints: a memory clobber makes the asm a
; compiler barrier, which the other version is not.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: call i32 asm "addl $2, $0", "=r,0,r"(i32 %x, i32 %y)
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: call i32 asm "addl $2, $0", "=r,0,r,~{memory}"(i32 %x, i32 %y)

define i32 @f(i32 %x, i32 %y) {
  %a = call i32 asm "addl $2, $0", "=r,0,r"(i32 %x, i32 %y)
  %r = add i32 %a, 1
  ret i32 %r
}

define i32 @g(i32 %x, i32 %y) {
  %a = call i32 asm "addl $2, $0", "=r,0,r,~{memory}"(i32 %x, i32 %y)
  %r = add i32 %a, 1
  ret i32 %r
}
