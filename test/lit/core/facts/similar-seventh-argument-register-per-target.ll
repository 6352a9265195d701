; The same two similar functions on x86-64 and on AArch64. They take six
; integer arguments and differ in one constant, which the shared body would
; take as a seventh. AArch64 passes eight integer arguments in registers
; (x0-x7): the class merges, each member a thunk that puts its constant in
; x6 and jumps. x86-64 passes six (rdi, rsi, rdx, rcx, r8, r9): the seventh
; would go on the stack, and the planner never builds a thunk with a frame.
;
; The facts llc-22 gives, checked below: on AArch64 the thunks are 8 bytes
; (`mov x6, #imm` and `b`) and the merged functions take 64 bytes where the
; two bodies took 104; compiled for x86-64, the same merged module's thunks
; are 16 bytes each with a call and a return (the constant is stored to the
; stack), not a tail jump.
;
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -mtriple=aarch64-unknown-linux-gnu -S %s -o %t.a64.ll | FileCheck %s --check-prefix=A64
; A64: merged similar functions into mix_a.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; A64-NEXT: sharing body with similar function mix_a (thunk)
; A64-NEXT: sharing body with similar function mix_b (thunk)
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -lto-merge-functions-report=%t.x86.json -mtriple=x86_64-unknown-linux-gnu -disable-output %s | count 0
; RUN: FileCheck %s --check-prefix=X86 < %t.x86.json
; X86: "reason": "needs more parameters than argument registers"

; RUN: llc -O2 -mtriple=aarch64-unknown-linux-gnu -function-sections -filetype=obj %s -o %t.plain.o
; RUN: llvm-nm --print-size %t.plain.o | FileCheck %s --check-prefix=A64-PLAIN
; A64-PLAIN-DAG: {{0+}}34 T mix_a
; A64-PLAIN-DAG: {{0+}}34 T mix_b
; RUN: llc -O2 -mtriple=aarch64-unknown-linux-gnu -function-sections -filetype=obj %t.a64.ll -o %t.a64.o
; RUN: llvm-nm --print-size %t.a64.o | FileCheck %s --check-prefix=A64-MERGED
; A64-MERGED-DAG: {{0+}}8 T mix_a
; A64-MERGED-DAG: {{0+}}30 t mix_a.lmf.similar
; A64-MERGED-DAG: {{0+}}8 T mix_b
; RUN: llc -O2 -mtriple=x86_64-unknown-linux-gnu %t.a64.ll -o - | FileCheck %s --check-prefix=X86-STACK
; X86-STACK-LABEL: mix_b:
; X86-STACK: movq $2000, (%rsp)
; X86-STACK-NEXT: callq mix_a.lmf.similar
; X86-STACK: retq

define i64 @mix_a(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f) {
  %1 = mul i64 %a, %b
  %2 = xor i64 %1, %c
  %3 = mul i64 %2, %d
  %4 = add i64 %3, 1000
  %5 = xor i64 %4, %e
  %6 = mul i64 %5, %f
  %7 = sub i64 %6, %a
  %8 = mul i64 %7, %b
  %9 = xor i64 %8, %c
  %10 = add i64 %9, %d
  %11 = mul i64 %10, %e
  %12 = xor i64 %11, %f
  ret i64 %12
}

define i64 @mix_b(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f) {
  %1 = mul i64 %a, %b
  %2 = xor i64 %1, %c
  %3 = mul i64 %2, %d
  %4 = add i64 %3, 2000
  %5 = xor i64 %4, %e
  %6 = mul i64 %5, %f
  %7 = sub i64 %6, %a
  %8 = mul i64 %7, %b
  %9 = xor i64 %8, %c
  %10 = add i64 %9, %d
  %11 = mul i64 %10, %e
  %12 = xor i64 %11, %f
  ret i64 %12
}
