; With hot functions in the module, the report has a hot_policy section:
; the policy, the number of hot functions, the members it kept apart, the
; bytes they would have saved; each refusal says why. Asked to keep the
; MachineOutliner off hot code, it also counts the functions it kept off and
; those it optimized for size. Here g is hot and would
; become a thunk of f (both exported, addresses significant): 128 bytes of
; body less a 16-byte thunk, by the x86-64 byte model.
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s < %t.json
; RUN: %opt-merge -lto-merge-functions-hot-policy=off -lto-merge-functions-report=%t-off.json -disable-output %s
; RUN: FileCheck %s --check-prefix=OFF < %t-off.json
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -lto-merge-functions-report=%t-fence.json -disable-output %s
; RUN: FileCheck %s --check-prefix=FENCE < %t-fence.json

; CHECK: "functions_folded": 0
; CHECK: "hot_policy": {
; CHECK-NEXT: "hot_functions": 2,
; CHECK-NEXT: "kept_bytes": 112,
; CHECK-NEXT: "policy": "hot-identical-only",
; CHECK-NEXT: "refused": 1
; CHECK: "refusals": [
; CHECK-NEXT: {
; CHECK-NEXT: "function": "g",
; CHECK-NEXT: "reason": "hot: would become a thunk, a jump on its calls (hot-function policy hot-identical-only)",
; CHECK-NEXT: "survivor": "f"

; OFF: "functions_folded": 1
; OFF-NOT: hot_policy

; FENCE: "hot_policy": {
; FENCE: "not_outlined": 2,
; FENCE: "size_optimized": 0

target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %x) #0 {
  %v = mul i32 %x, %x
  %c0 = mul i32 %v, %v
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define i32 @g(i32 %x) #0 {
  %v = mul i32 %x, %x
  %c0 = mul i32 %v, %v
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}

attributes #0 = { hot }
