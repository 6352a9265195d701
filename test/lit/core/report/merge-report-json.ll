; -lto-merge-functions-report=<path> writes a JSON report (schema
; lto-merge-functions-report/1) with fold counts by action and one group per
; class: survivor, body, and each member with its action.
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s < %t.json

; CHECK: "folds_by_action": {
; CHECK-NEXT: "alias": 1,
; CHECK-NEXT: "callers-redirected": 1,
; CHECK-NEXT: "erased": 1,
; CHECK-NEXT: "thunk": 1
; CHECK: "functions_folded": 4
; CHECK: "groups": [
; CHECK: "body": "f"
; CHECK: "members": [
; CHECK: "action": "erased"
; CHECK-NEXT: "name": "g1"
; CHECK: "action": "alias"
; CHECK-NEXT: "name": "g2"
; CHECK: "action": "callers-redirected"
; CHECK-NEXT: "name": "g3"
; CHECK: "action": "thunk"
; CHECK-NEXT: "name": "g4"
; CHECK: "survivor": "f"
; CHECK: "mode": "safe"
; CHECK: "rounds": 1
; CHECK: "schema": "lto-merge-functions-report/1"

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g1(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g2(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g3(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define weak i32 @g4(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r = call i32 @g1(i32 1)
  ret i32 %r
}
