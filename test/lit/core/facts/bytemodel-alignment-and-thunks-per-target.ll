; The byte model's view of one module on each target, beside what llc-22
; emits for it: a function's alignment (the linker pads the function before
; it up to it) and a thunk's jump. The facts llc-22 gives, checked below:
;   x86-64   aligns a function to 16 bytes, to 1 when it is built for size
;            (`minsize` or `optsize`); a tail jump is 5 bytes (`jmp rel32`);
;   AArch64  aligns every function to 4 bytes for clang's default CPU
;            (generic), to 16 when tuned for a Cortex-A72 unless built for
;            size; a tail jump is 4 bytes (`b`);
;   RISC-V   with compressed instructions (+c) aligns to 2 bytes.
; The model must say the same.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: cat %t/common.ll %t/aarch64.ll > %t/a64.ll
; RUN: cat %t/common.ll %t/riscv.ll > %t/rv.ll
; RUN: %byte-model -mtriple=x86_64-unknown-linux-gnu %t/common.ll | FileCheck %s --check-prefix=X86
; RUN: %byte-model -mtriple=aarch64-unknown-linux-gnu %t/a64.ll | FileCheck %s --check-prefix=A64
; RUN: %byte-model -mtriple=riscv64-unknown-linux-gnu %t/rv.ll | FileCheck %s --check-prefix=RV
; X86: target x86-64 pic=0 jump=5 address=7 registers=6/8
; X86-DAG: {{^}}work {{.*}} align=16 {{.*}} size=0
; X86-DAG: {{^}}work_small {{.*}} align=1 {{.*}} size=1
; X86-DAG: {{^}}thunk {{.*}} align=16
; X86-DAG: {{^}}thunk_small {{.*}} align=1
; A64: target AArch64 pic=0 jump=4 address=8 registers=8/8
; A64-DAG: {{^}}work {{.*}} align=4 {{.*}} size=0
; A64-DAG: {{^}}work_small {{.*}} align=4 {{.*}} size=1
; A64-DAG: {{^}}work_a72 {{.*}} align=16 {{.*}} size=0
; A64-DAG: {{^}}work_a72_small {{.*}} align=4 {{.*}} size=1
; RV: target RISC-V 64 pic=0 jump=4 address=8 registers=8/8
; RV-DAG: {{^}}work_rvc {{.*}} align=2

; RUN: llc -O2 -mtriple=x86_64-unknown-linux-gnu -function-sections -filetype=obj %t/common.ll -o %t.x86.o
; RUN: llvm-readelf -S -W %t.x86.o | FileCheck %s --check-prefix=X86-ALIGN
; X86-ALIGN-DAG: .text.work {{.*}} 16{{$}}
; X86-ALIGN-DAG: .text.work_small {{.*}} 1{{$}}
; X86-ALIGN-DAG: .text.thunk {{.*}} 16{{$}}
; X86-ALIGN-DAG: .text.thunk_small {{.*}} 1{{$}}
; RUN: llvm-nm --print-size %t.x86.o | FileCheck %s --check-prefix=X86-SIZE
; X86-SIZE-DAG: {{0+}}5 T thunk{{$}}
; X86-SIZE-DAG: {{0+}}5 T thunk_small{{$}}

; RUN: llc -O2 -mtriple=aarch64-unknown-linux-gnu -function-sections -filetype=obj %t/a64.ll -o %t.a64.o
; RUN: llvm-readelf -S -W %t.a64.o | FileCheck %s --check-prefix=A64-ALIGN
; A64-ALIGN-DAG: .text.work {{.*}} 4{{$}}
; A64-ALIGN-DAG: .text.work_small {{.*}} 4{{$}}
; A64-ALIGN-DAG: .text.work_a72 {{.*}} 16{{$}}
; A64-ALIGN-DAG: .text.work_a72_small {{.*}} 4{{$}}
; RUN: llvm-nm --print-size %t.a64.o | FileCheck %s --check-prefix=A64-SIZE
; A64-SIZE-DAG: {{0+}}4 T thunk{{$}}

; RUN: llc -O2 -mtriple=riscv64-unknown-linux-gnu -function-sections -filetype=obj %t/rv.ll -o %t.rv.o
; RUN: llvm-readelf -S -W %t.rv.o | FileCheck %s --check-prefix=RV-ALIGN
; RV-ALIGN: .text.work_rvc {{.*}} 2{{$}}

;--- common.ll
define i64 @work(i64 %a, i64 %b) {
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  ret i64 %y
}


define i64 @work_small(i64 %a, i64 %b) minsize optsize {
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  ret i64 %y
}


define i64 @thunk(i64 %a, i64 %b) {
  %r = tail call i64 @work(i64 %a, i64 %b)
  ret i64 %r
}


define i64 @thunk_small(i64 %a, i64 %b) minsize optsize {
  %r = tail call i64 @work(i64 %a, i64 %b)
  ret i64 %r
}
;--- aarch64.ll
define i64 @work_a72(i64 %a, i64 %b) "target-cpu"="cortex-a72" {
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  ret i64 %y
}


define i64 @work_a72_small(i64 %a, i64 %b) minsize optsize "target-cpu"="cortex-a72" {
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  ret i64 %y
}

;--- riscv.ll
define i64 @work_rvc(i64 %a, i64 %b) "target-features"="+c" {
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  ret i64 %y
}

