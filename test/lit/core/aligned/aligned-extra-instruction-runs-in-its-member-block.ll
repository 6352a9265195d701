; Aligned merging (-lto-merge-functions-aligned): @f1 and @f2 differ in one
; instruction, a shift only @f2 runs. They share one body that takes an i1
; identifier (false for @f1, true for @f2): every instruction they share
; once, the shift in a block only @f2 reaches, behind a branch on the
; identifier; the add that reads the shift in @f2 and the load in @f1 reads
; a phi of the two where the members meet again (a select on the identifier
; that the edges make a phi). Each member becomes a thunk passing its
; identifier. The byte model says the pair saves about nothing (two
; thunks against one body with a branch on the identifier), and without a
; negative minimum gain a pair must save a fifth of its body
; (AlignedPlanner.cpp), so the test asks for any saving.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: merged aligned functions into f1.lmf.aligned (13 matched, 1 unmatched instructions, 1 selects, 1 branches, about {{-?[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with aligned function f1 (thunk)
; PRINT-NEXT: sharing body with aligned function f2 (thunk)

; CHECK-LABEL: define i32 @f1(i32 %x, ptr %p) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.aligned(i32 %x, ptr %p, i1 noundef false)
; CHECK-NEXT: ret i32 [[R]]
; CHECK-LABEL: define internal i32 @f1.lmf.aligned(i32 %x, ptr %p, i1 noundef %lmf.id) unnamed_addr {
; CHECK: %c = load i32, ptr %p, align 4
; CHECK-NEXT: br i1 %lmf.id, label %[[RIGHT:[0-9]+]], label %[[LEFT:[0-9]+]]
; CHECK: [[LEFT]]:
; CHECK-NEXT: br label %[[JOIN:[0-9]+]]
; CHECK: [[RIGHT]]:
; CHECK-NEXT: %extra = shl i32 %c, 2
; CHECK-NEXT: br label %[[JOIN]]
; CHECK: [[JOIN]]:
; CHECK-NEXT: [[V:%.*]] = phi i32 [ %extra, %[[RIGHT]] ], [ %c, %[[LEFT]] ]
; CHECK-NEXT: %d = add i32 %b, [[V]]
; CHECK-NOT: select
; CHECK: ret i32 %h
; CHECK-LABEL: define i32 @f2(i32 %x, ptr %p) {
; CHECK-NEXT: [[R:%.*]] = tail call i32 @f1.lmf.aligned(i32 %x, ptr %p, i1 noundef true)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = load i32, ptr %p
  %d = add i32 %b, %c
  call void @use(i32 %d)
  %e = xor i32 %d, 7
  %f = sub i32 %e, %x
  call void @use(i32 %f)
  %g = mul i32 %f, %e
  call void @use(i32 %g)
  %h = or i32 %g, %a
  call void @use(i32 %h)
  ret i32 %h
}

define i32 @f2(i32 %x, ptr %p) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  %c = load i32, ptr %p
  %extra = shl i32 %c, 2
  %d = add i32 %b, %extra
  call void @use(i32 %d)
  %e = xor i32 %d, 7
  %f = sub i32 %e, %x
  call void @use(i32 %f)
  %g = mul i32 %f, %e
  call void @use(i32 %g)
  %h = or i32 %g, %a
  call void @use(i32 %h)
  ret i32 %h
}
