; With -lto-merge-functions-similar the JSON report gains a "similar"
; section: the kinds of positions used, totals, one class per shared body (its source, parameter count and
; each member's action) and the members refused with a reason. @m1 and @m2
; are similar but too small for two thunks to pay, so they are refused.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s < %t.json

; CHECK: "schema": "lto-merge-functions-report/1"
; CHECK-NEXT: "similar": {
; CHECK-NEXT: "classes": [
; CHECK-NEXT: {
; CHECK-NEXT: "body": "a.lmf.similar",
; CHECK-NEXT: "body_instructions": 26,
; CHECK-NEXT: "estimated_bytes_saved": {{[0-9]+}},
; CHECK-NEXT: "members": [
; CHECK-NEXT: {
; CHECK-NEXT: "action": "thunk",
; CHECK-NEXT: "name": "a"
; CHECK-NEXT: },
; CHECK-NEXT: {
; CHECK-NEXT: "action": "thunk",
; CHECK-NEXT: "name": "b"
; CHECK-NEXT: }
; CHECK-NEXT: ],
; CHECK-NEXT: "parameters": 1,
; CHECK-NEXT: "round": 0,
; CHECK-NEXT: "source": "a",
; CHECK-NEXT: "table_parameters": 0
; CHECK-NEXT: },
; CHECK-NEXT: {
; CHECK-NEXT: "body": "la.lmf.similar",
; CHECK-NEXT: "body_instructions": 27,
; CHECK-NEXT: "estimated_bytes_saved": {{[0-9]+}},
; CHECK-NEXT: "members": [
; CHECK-NEXT: {
; CHECK-NEXT: "action": "calls-rewritten",
; CHECK-NEXT: "name": "la"
; CHECK-NEXT: },
; CHECK-NEXT: {
; CHECK-NEXT: "action": "calls-rewritten",
; CHECK-NEXT: "name": "lb"
; CHECK-NEXT: }
; CHECK-NEXT: ],
; CHECK-NEXT: "parameters": 2,
; CHECK-NEXT: "round": 0,
; CHECK-NEXT: "source": "la",
; CHECK-NEXT: "table_parameters": 0
; CHECK-NEXT: }
; CHECK-NEXT: ],
; CHECK-NEXT: "classes_merged": 2,
; CHECK-NEXT: "estimated_bytes_saved": {{[0-9]+}},
; CHECK-NEXT: "functions_considered": 6,
; CHECK-NEXT: "functions_merged": 4,
; CHECK-NEXT: "parameters": 3,
; CHECK-NEXT: "positions": [
; CHECK-NEXT: "data",
; CHECK-NEXT: "integers",
; CHECK-NEXT: "callees"
; CHECK-NEXT: ],
; CHECK-NEXT: "refusals": [
; CHECK-NEXT: {
; CHECK-NEXT: "function": "m1",
; CHECK-NEXT: "reason": "merging saves too few bytes",
; CHECK-NEXT: "survivor": "m1"
; CHECK-NEXT: },
; CHECK-NEXT: {
; CHECK-NEXT: "function": "m2",
; CHECK-NEXT: "reason": "merging saves too few bytes",
; CHECK-NEXT: "survivor": "m1"
; CHECK-NEXT: }
; CHECK-NEXT: ],
; CHECK-NEXT: "refused": 2
; CHECK-NEXT: },
; CHECK: "similar": {{[0-9.e-]+}},

target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0
@g2 = global i32 0

declare void @consume(i32)

define i32 @a(i32 %x) {
  %v = load i32, ptr @g1, align 4
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

define i32 @b(i32 %x) {
  %v = load i32, ptr @g2, align 4
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

define internal i32 @la(i32 %x) {
  %v = load i32, ptr @g1, align 4
  call void @consume(i32 1)
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

define internal i32 @lb(i32 %x) {
  %v = load i32, ptr @g2, align 4
  call void @consume(i32 2)
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

define i32 @m1(i32 %x) {
  %v = load i32, ptr @g1, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @m2(i32 %x) {
  %v = load i32, ptr @g2, align 4
  %w = add i32 %v, %x
  %c0 = mul i32 %w, %w
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  ret i32 %c5
}

define i32 @user(i32 %x) {
  %r = call i32 @la(i32 %x)
  %s = call i32 @lb(i32 %r)
  ret i32 %s
}
