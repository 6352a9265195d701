; A thunk's call must say what the body's parameters are: with `sret` the
; first pointer is where the body writes its result, and on some targets
; (x86-64) it also travels in a register of its own and comes back in %rax,
; so a call without the attribute passes it in the wrong place. @make_b and
; @make_c are exported twins of @make_a (address significant), so they stay
; as thunks, and each thunk's call keeps `sret` with its type, as well as
; the `noalias` of the pointer; in all mode they become aliases and there is
; no call to check. Twins whose `sret` types differ stay apart:
; test/lit/core/equality/no-merge-sret.ll.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function make_a
; PRINT-NEXT: removing identical function make_b (callers-redirected)
; PRINT-NEXT: removing identical function make_c (callers-redirected)

; CHECK-LABEL: define void @make_b(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k) {
; CHECK-NEXT: tail call void @make_a(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k)
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @make_c(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k) {
; CHECK-NEXT: tail call void @make_a(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k)
; CHECK-NEXT: ret void

; ALL-DAG: @make_b = alias void (ptr, ptr, i64), ptr @make_a
; ALL-DAG: @make_c = alias void (ptr, ptr, i64), ptr @make_a

target triple = "x86_64-unknown-linux-gnu"

%struct.Pair = type { i64, i64 }

define void @make_a(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k) {
  %v = load i64, ptr %src, align 8
  %w = mul i64 %v, %k
  store i64 %w, ptr %out, align 8
  %hi = getelementptr inbounds i8, ptr %out, i64 8
  store i64 %k, ptr %hi, align 8
  ret void
}

define void @make_b(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k) {
  %v = load i64, ptr %src, align 8
  %w = mul i64 %v, %k
  store i64 %w, ptr %out, align 8
  %hi = getelementptr inbounds i8, ptr %out, i64 8
  store i64 %k, ptr %hi, align 8
  ret void
}

define void @make_c(ptr noalias sret(%struct.Pair) align 8 %out, ptr %src, i64 %k) {
  %v = load i64, ptr %src, align 8
  %w = mul i64 %v, %k
  store i64 %w, ptr %out, align 8
  %hi = getelementptr inbounds i8, ptr %out, i64 8
  store i64 %k, ptr %hi, align 8
  ret void
}
