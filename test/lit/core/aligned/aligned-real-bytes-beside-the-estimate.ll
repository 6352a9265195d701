; Asked for (-lto-merge-functions-aligned-real-bytes), the aligned stage
; compiles each merged class's functions before and after it and puts the
; code bytes beside its estimate, in the listing and the report: here
; @f1 and @f2 took 0x53 + 0x55 = 168 bytes; the merged body and the two
; thunks take 0x58 + 0x7 + 0xa = 105, the sizes llc-22 gives the input and
; the merged module with a section per function. Without the option there
; are no real bytes.
; RUN: rm -rf %t && mkdir %t
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 \
; RUN:   -lto-merge-functions-aligned-real-bytes -lto-merge-functions-print \
; RUN:   -lto-merge-functions-report=%t/report.json %s -o %t/after.bc | FileCheck %s --check-prefix=PRINT
; RUN: FileCheck %s --check-prefix=REPORT < %t/report.json
; RUN: llc -function-sections -filetype=obj %s -o %t/before.o
; RUN: llc -function-sections -filetype=obj %t/after.bc -o %t/after.o
; RUN: llvm-nm -S %t/before.o | FileCheck %s --check-prefix=BEFORE
; RUN: llvm-nm -S %t/after.o | FileCheck %s --check-prefix=AFTER
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 \
; RUN:   -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=NOT-ASKED

; PRINT: merged aligned functions into f1.lmf.aligned ({{.*}} bytes saved; compiled: 168 -> 105 bytes, 63 saved)
; REPORT: "real_bytes_after": 105,
; REPORT-NEXT: "real_bytes_before": 168,
; REPORT-NEXT: "real_bytes_saved": 63,
; BEFORE-DAG: 0000000000000053 T f1
; BEFORE-DAG: 0000000000000055 T f2
; AFTER-DAG: 0000000000000007 T f1
; AFTER-DAG: 0000000000000058 t f1.lmf.aligned
; AFTER-DAG: 000000000000000a T f2
; NOT-ASKED: merged aligned functions into f1.lmf.aligned ({{[^;]*}} bytes saved)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = load i32, ptr %p
  %d = add i32 %b, %c
  call void @use(i32 %d)
  %e = xor i32 %d, 7
  %f = sub i32 %e, %x
  call void @use(i32 %f)
  %g = mul i32 %f, %e
  call void @use(i32 %g)
  %h = or i32 %g, %a
  call void @use(i32 %h)
  ret i32 %h
}

define i32 @f2(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = load i32, ptr %p
  %extra = shl i32 %c, 2
  %d = add i32 %b, %extra
  call void @use(i32 %d)
  %e = xor i32 %d, 7
  %f = sub i32 %e, %x
  call void @use(i32 %f)
  %g = mul i32 %f, %e
  call void @use(i32 %g)
  %h = or i32 %g, %a
  call void @use(i32 %h)
  ret i32 %h
}
