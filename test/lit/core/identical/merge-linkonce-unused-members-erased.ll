; A linkonce twin that nothing uses may go: every unit that calls it brings
; its own copy. So folding does not leave it as a thunk. @lo_c and @lo_a are
; erased (@lo_a was the kept member, by name, so the private body carries
; its name), @lo_b (its address is stored) stays as a thunk of the body;
; the linkonce_odr pair @odr_x/@odr_y is unused as a whole, so its private
; body goes with them. Weak twins may not go when unused (another unit's
; reference resolves to them): @weak_p and @weak_q stay as thunks.
; RUN: %opt-merge -S %s | FileCheck %s --implicit-check-not=lo_a --implicit-check-not=lo_c --implicit-check-not=odr_
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; CHECK: @take = global ptr @lo_b
; CHECK-LABEL: define linkonce i32 @lo_b(
; CHECK-NEXT: tail call i32 @lo_a.lmf.body(
; CHECK-LABEL: define internal i32 @lo_a.lmf.body(
; CHECK-LABEL: define weak i32 @weak_p(
; CHECK-NEXT: tail call i32 @weak_p.lmf.body(
; CHECK-LABEL: define weak i32 @weak_q(
; CHECK-NEXT: tail call i32 @weak_p.lmf.body(

; REPORT: "body": "lo_a.lmf.body"
; REPORT: "action": "erased",
; REPORT-NEXT: "name": "lo_c"
; REPORT: "action": "thunk",
; REPORT-NEXT: "name": "lo_b"
; REPORT: "survivor": "lo_a",
; REPORT-NEXT: "survivor_action": "erased"
; REPORT: "body": "odr_x.lmf.body"
; REPORT: "action": "erased",
; REPORT-NEXT: "name": "odr_y"
; REPORT: "survivor": "odr_x",
; REPORT-NEXT: "survivor_action": "erased"

@take = global ptr @lo_b

define linkonce i32 @lo_c(i32 %x, i32 %y) {
  %s = mul i32 %x, %y
  %t = xor i32 %s, %x
  %u = sub i32 %t, %y
  ret i32 %u
}

define linkonce i32 @lo_b(i32 %x, i32 %y) {
  %s = mul i32 %x, %y
  %t = xor i32 %s, %x
  %u = sub i32 %t, %y
  ret i32 %u
}

define linkonce i32 @lo_a(i32 %x, i32 %y) {
  %s = mul i32 %x, %y
  %t = xor i32 %s, %x
  %u = sub i32 %t, %y
  ret i32 %u
}

define linkonce_odr i64 @odr_x(i64 %x) {
  %s = shl i64 %x, 5
  %t = or i64 %s, 17
  %u = udiv i64 %t, 3
  ret i64 %u
}

define linkonce_odr i64 @odr_y(i64 %x) {
  %s = shl i64 %x, 5
  %t = or i64 %s, 17
  %u = udiv i64 %t, 3
  ret i64 %u
}

define weak i32 @weak_p(i32 %x) {
  %s = mul i32 %x, 9
  %t = xor i32 %s, 1234
  %u = sub i32 %t, %x
  ret i32 %u
}

define weak i32 @weak_q(i32 %x) {
  %s = mul i32 %x, 9
  %t = xor i32 %s, 1234
  %u = sub i32 %t, %x
  ret i32 %u
}
