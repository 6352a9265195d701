; Two similar members whose parameter is a struct of one layout under two
; names (%kv1, %kv2: the encoding takes them as one) share a body typed as
; the kept member's. The other member's calls cannot call that body with
; their own arguments (the verifier wants %kv1, they pass %kv2; opt
; aborted), so it stays a thunk, which rebuilds the value field by field;
; the kept member's calls are still rewritten. The same rule covers
; aligned pairs, whose members have one type (AlignedEligibility.cpp).
; RUN: %opt-merge -lto-merge-functions-similar \
; RUN:   -lto-merge-functions-similar-min-gain=-1000 -lto-merge-functions-print \
; RUN:   %s -S -o %t.ll | FileCheck %s --check-prefix=LIST
; RUN: FileCheck %s < %t.ll
; RUN: opt-22 -passes=verify %t.ll -disable-output

; LIST: merged similar functions into m1.lmf.similar (1 parameters,
; LIST-NEXT: {{^}}  sharing body with similar function m1 (calls-rewritten)
; LIST-NEXT: {{^}}  sharing body with similar function m2 (thunk)

; CHECK-LABEL: define internal i32 @m2(%kv2 %x)
; CHECK: insertvalue %kv1
; CHECK: tail call i32 @m1.lmf.similar(%kv1 %{{[0-9]+}}, ptr @g2)
; CHECK-LABEL: define i32 @call1(
; CHECK: call i32 @m1.lmf.similar(%kv1 %x, ptr @g1)
; CHECK-LABEL: define i32 @call2(
; CHECK: call i32 @m2(%kv2 %x)

%kv1 = type { ptr, ptr }
%kv2 = type { ptr, ptr }
@g1 = global i32 0
@g2 = global i32 0

define internal i32 @m1(%kv1 %x) {
  %p = extractvalue %kv1 %x, 0
  %v = load i32, ptr %p
  %a = add i32 %v, 11
  %b = mul i32 %a, %v
  %c = xor i32 %b, 7
  %d = mul i32 %c, %b
  store i32 %d, ptr @g1
  ret i32 %d
}

define internal i32 @m2(%kv2 %x) {
  %p = extractvalue %kv2 %x, 0
  %v = load i32, ptr %p
  %a = add i32 %v, 11
  %b = mul i32 %a, %v
  %c = xor i32 %b, 7
  %d = mul i32 %c, %b
  store i32 %d, ptr @g2
  ret i32 %d
}

define i32 @call1(%kv1 %x) {
  %r = call i32 @m1(%kv1 %x)
  ret i32 %r
}

define i32 @call2(%kv2 %x, i32 %y) {
  %r = call i32 @m2(%kv2 %x)
  %s = sdiv i32 %r, %y
  ret i32 %s
}
