; A phi's incoming blocks are not operands. Here both phis list the values 1
; then 2, but @f takes 1 from %a while @g takes 1 from %b: the functions
; return opposite results and must not fold.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK: %p = phi i32 [ 1, %a ], [ 2, %b ]
; CHECK-LABEL: define i32 @g(
; CHECK: %p = phi i32 [ 1, %b ], [ 2, %a ]

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi i32 [ 1, %a ], [ 2, %b ]
  ret i32 %p
}

define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi i32 [ 1, %b ], [ 2, %a ]
  ret i32 %p
}
