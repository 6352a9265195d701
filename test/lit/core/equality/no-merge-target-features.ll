; String attributes such as "target-features" change code generation (here
; AVX2 versus plain SSE2, e.g. a function multiversioned by target): all
; string attributes must match.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(i32 %x) #0 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(i32 %x) #1 {
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-DAG: attributes #0 = { "target-features"="+avx2" }
; CHECK-DAG: attributes #1 = { "target-features"="+sse2" }

target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %x) #0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) #1 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

attributes #0 = { "target-features"="+avx2" }
attributes #1 = { "target-features"="+sse2" }
