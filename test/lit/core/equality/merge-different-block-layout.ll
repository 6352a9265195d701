; Block layout is not part of a function's meaning: @g places its blocks in
; a different order than @f, but the CFG walked from the entry is the same,
; so they fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function f
; PRINT-NEXT: removing identical function g (erased)

; CHECK-NOT: @g(
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT: %r = call i32 @f(i1 true, i32 3)

define i32 @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = add i32 %x, 1
  br label %join
else:
  %b = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %p
}

define internal i32 @g(i1 %c, i32 %x) unnamed_addr {
entry:
  br i1 %c, label %then, label %else
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %p
else:
  %b = mul i32 %x, 3
  br label %join
then:
  %a = add i32 %x, 1
  br label %join
}

define i32 @use() {
  %r = call i32 @g(i1 true, i32 3)
  ret i32 %r
}
