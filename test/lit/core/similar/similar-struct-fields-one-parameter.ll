; Each member updates the fields of its own structure: every field address
; is a constant getelementptr of that member's global with the same indices.
; One parameter, the global, stands for all of them, and the shared body
; computes each field's address from it, instead of one parameter per field
; (which would not even fit in the argument registers here).
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged similar functions into reads.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function reads (thunk)
; PRINT-NEXT: sharing body with similar function writes (thunk)

; CHECK-LABEL: define i64 @reads(i64 %0) {
; CHECK-NEXT: [[R:%.*]] = tail call i64 @reads.lmf.similar(i64 %0, ptr @read_stats)
; CHECK-LABEL: define internal i64 @reads.lmf.similar(i64 %x, ptr %0) unnamed_addr {
; CHECK-NEXT: %a = load i64, ptr %0, align 8
; CHECK-NEXT: %n = add i64 %a, 1
; CHECK-NEXT: store i64 %n, ptr %0, align 8
; CHECK-NEXT: [[SUM:%.*]] = getelementptr inbounds %struct.stats, ptr %0, i64 0, i32 1
; CHECK-NEXT: %s0 = load i64, ptr [[SUM]], align 8
; CHECK-LABEL: define i64 @writes(i64 %x) {
; CHECK-NEXT: [[R:%.*]] = tail call i64 @reads.lmf.similar(i64 %x, ptr @write_stats)

target triple = "x86_64-unknown-linux-gnu"

%struct.stats = type { i64, i64, i64 }

@read_stats = global %struct.stats zeroinitializer
@write_stats = global %struct.stats zeroinitializer

define i64 @reads(i64 %x) {
  %a = load i64, ptr @read_stats, align 8
  %n = add i64 %a, 1
  store i64 %n, ptr @read_stats, align 8
  %s0 = load i64, ptr getelementptr inbounds (%struct.stats, ptr @read_stats, i64 0, i32 1), align 8
  %s1 = add i64 %s0, %x
  store i64 %s1, ptr getelementptr inbounds (%struct.stats, ptr @read_stats, i64 0, i32 1), align 8
  %m0 = load i64, ptr getelementptr inbounds (%struct.stats, ptr @read_stats, i64 0, i32 2), align 8
  %t = xor i64 %m0, %s1
  %c0 = mul i64 %t, %t
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  store i64 %c23, ptr getelementptr inbounds (%struct.stats, ptr @read_stats, i64 0, i32 2), align 8
  ret i64 %c23
}

define i64 @writes(i64 %x) {
  %a = load i64, ptr @write_stats, align 8
  %n = add i64 %a, 1
  store i64 %n, ptr @write_stats, align 8
  %s0 = load i64, ptr getelementptr inbounds (%struct.stats, ptr @write_stats, i64 0, i32 1), align 8
  %s1 = add i64 %s0, %x
  store i64 %s1, ptr getelementptr inbounds (%struct.stats, ptr @write_stats, i64 0, i32 1), align 8
  %m0 = load i64, ptr getelementptr inbounds (%struct.stats, ptr @write_stats, i64 0, i32 2), align 8
  %t = xor i64 %m0, %s1
  %c0 = mul i64 %t, %t
  %c1 = mul i64 %c0, %c0
  %c2 = mul i64 %c1, %c1
  %c3 = mul i64 %c2, %c2
  %c4 = mul i64 %c3, %c3
  %c5 = mul i64 %c4, %c4
  %c6 = mul i64 %c5, %c5
  %c7 = mul i64 %c6, %c6
  %c8 = mul i64 %c7, %c7
  %c9 = mul i64 %c8, %c8
  %c10 = mul i64 %c9, %c9
  %c11 = mul i64 %c10, %c10
  %c12 = mul i64 %c11, %c11
  %c13 = mul i64 %c12, %c12
  %c14 = mul i64 %c13, %c13
  %c15 = mul i64 %c14, %c14
  %c16 = mul i64 %c15, %c15
  %c17 = mul i64 %c16, %c16
  %c18 = mul i64 %c17, %c17
  %c19 = mul i64 %c18, %c18
  %c20 = mul i64 %c19, %c19
  %c21 = mul i64 %c20, %c20
  %c22 = mul i64 %c21, %c21
  %c23 = mul i64 %c22, %c22
  store i64 %c23, ptr getelementptr inbounds (%struct.stats, ptr @write_stats, i64 0, i32 2), align 8
  ret i64 %c23
}

