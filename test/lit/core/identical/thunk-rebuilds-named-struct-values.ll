; Twins that spell one layout with two named structs (%kv1 and %kv2, both
; { ptr, ptr }) are equal to the comparator. A thunk passes and returns
; values in its own spelling, rebuilt field by field around the call, so the
; module stays valid (it used to fail the verifier: a thunk returning the
; kept body's type). Every stage; in all mode the twins become aliases,
; which need no copies.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -S %s | FileCheck %s --check-prefix=VALID
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-min-gain=-1000 -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s --check-prefix=VALID

; CHECK-LABEL: define %kv1 @fn1(%kv1 %p)
; CHECK-LABEL: define %kv2 @fn2(%kv2 %p)
; CHECK-NEXT: [[A:%.*]] = extractvalue %kv2 %p, 0
; CHECK-NEXT: [[B:%.*]] = insertvalue %kv1 poison, ptr [[A]], 0
; CHECK-NEXT: [[C:%.*]] = extractvalue %kv2 %p, 1
; CHECK-NEXT: [[D:%.*]] = insertvalue %kv1 [[B]], ptr [[C]], 1
; CHECK-NEXT: [[R:%.*]] = tail call %kv1 @fn1(%kv1 [[D]])
; CHECK-NEXT: [[E:%.*]] = extractvalue %kv1 [[R]], 0
; CHECK-NEXT: [[F:%.*]] = insertvalue %kv2 poison, ptr [[E]], 0
; CHECK-NEXT: [[G:%.*]] = extractvalue %kv1 [[R]], 1
; CHECK-NEXT: [[H:%.*]] = insertvalue %kv2 [[F]], ptr [[G]], 1
; CHECK-NEXT: ret %kv2 [[H]]

; ALL: @fn2 = alias %kv2 (%kv2), ptr @fn1
; ALL: @t2 = alias %kv2 (%kv2), ptr @t1

; VALID: define %kv1 @fn1(
; VALID: define %kv2 @fn2(

; A tail-call convention needs musttail, which allows no copies after the
; call: such twins stay apart rather than get an invalid thunk.
; CHECK-LABEL: define tailcc %kv1 @t1(
; CHECK-NEXT: call void @noop()
; CHECK-LABEL: define tailcc %kv2 @t2(
; CHECK-NEXT: call void @noop()

%kv1 = type { ptr, ptr }
%kv2 = type { ptr, ptr }

declare void @noop()

define %kv1 @fn1(%kv1 %p) {
  call void @noop()
  %a = extractvalue %kv1 %p, 0
  %b = extractvalue %kv1 %p, 1
  %s = insertvalue %kv1 poison, ptr %b, 0
  %t = insertvalue %kv1 %s, ptr %a, 1
  call void @noop()
  ret %kv1 %t
}

define %kv2 @fn2(%kv2 %p) {
  call void @noop()
  %a = extractvalue %kv2 %p, 0
  %b = extractvalue %kv2 %p, 1
  %s = insertvalue %kv2 poison, ptr %b, 0
  %t = insertvalue %kv2 %s, ptr %a, 1
  call void @noop()
  ret %kv2 %t
}

define tailcc %kv1 @t1(%kv1 %p) {
  call void @noop()
  %a = extractvalue %kv1 %p, 0
  %b = extractvalue %kv1 %p, 1
  %s = insertvalue %kv1 poison, ptr %b, 0
  %t = insertvalue %kv1 %s, ptr %a, 1
  call void @noop()
  ret %kv1 %t
}

define tailcc %kv2 @t2(%kv2 %p) {
  call void @noop()
  %a = extractvalue %kv2 %p, 0
  %b = extractvalue %kv2 %p, 1
  %s = insertvalue %kv2 poison, ptr %b, 0
  %t = insertvalue %kv2 %s, ptr %a, 1
  call void @noop()
  ret %kv2 %t
}
