; Each member reaches the merged body by the similar stage's rules
; (SimilarPlanner.cpp, ModuleFacts.h): @ext is exported and keeps its symbol
; as a thunk; @addr is internal but its address is stored, so it keeps its
; address as a thunk; @local and @addr2 are internal and only called: their
; calls pass the identifier themselves and they disappear
; (calls-rewritten).
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged aligned functions into ext.lmf.aligned
; PRINT-NEXT: sharing body with aligned function ext (thunk)
; PRINT-NEXT: sharing body with aligned function local (calls-rewritten)
; PRINT: merged aligned functions into addr.lmf.aligned
; PRINT-NEXT: sharing body with aligned function addr (thunk)
; PRINT-NEXT: sharing body with aligned function addr2 (calls-rewritten)

; CHECK-LABEL: define i32 @ext(i32 %x) {
; CHECK-NEXT: tail call i32 @ext.lmf.aligned(i32 %x, i1 noundef false)
; CHECK-NOT: define internal i32 @local(
; CHECK-LABEL: define internal i32 @addr(i32 %x) {
; CHECK-NEXT: tail call i32 @addr.lmf.aligned(
; CHECK-NOT: define internal i32 @addr2(
; CHECK-LABEL: define i32 @caller(i32 %x) {
; CHECK-NEXT: %r = call i32 @ext.lmf.aligned(i32 %x, i1 true)
; CHECK-NEXT: %s = call i32 @addr.lmf.aligned(i32 %r, i1 true)

target triple = "x86_64-unknown-linux-gnu"

@slot = global ptr @addr

declare void @use(i32)

define i32 @ext(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define internal i32 @local(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define internal i32 @addr(i32 %x) {
  %a = sub i32 %x, 9
  call void @use(i32 %a)
  %b = udiv i32 %a, 7
  call void @use(i32 %b)
  %c = and i32 %b, 12
  ret i32 %c
}

define internal i32 @addr2(i32 %x) {
  %a = sub i32 %x, 9
  call void @use(i32 %a)
  %b = udiv i32 %a, 7
  call void @use(i32 %b)
  %c = and i32 %b, 12
  %d = or i32 %c, 1
  ret i32 %d
}

define i32 @caller(i32 %x) {
  %r = call i32 @local(i32 %x)
  %s = call i32 @addr2(i32 %r)
  ret i32 %s
}
