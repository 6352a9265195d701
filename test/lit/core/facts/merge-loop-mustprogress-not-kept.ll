; `!llvm.loop` is not a pure hint: `llvm.loop.mustprogress` lets the
; optimizer assume the loop terminates and delete it if it has no side
; effects (C++ forward progress). @f's loop has it (compiled as C++), @g's
; does not (compiled as C, where an infinite loop is defined behaviour).
; Folding @g into @f must not hand @g's callers a loop that may be deleted:
; either the functions are not folded, or the survivor's loop loses
; mustprogress. (Both outcomes are correct; the first two RUN lines accept
; either.)
; RUN: %opt-merge -S %s -o %t.ll
; RUN: grep -q "define internal i32 @g" %t.ll || not grep -q "llvm.loop.mustprogress" %t.ll
; Positive control: the merger takes the second way (AnnotationPolicy treats
; !llvm.loop as a fact to intersect), so the lines above check a fold and
; its survivor: @g is folded, and @f's loop branch keeps no !llvm.loop.
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=FOLDS
; RUN: FileCheck %s --check-prefix=KEPT < %t.ll
; FOLDS: selected function f
; FOLDS-NEXT: removing identical function g (erased)
; KEPT-LABEL: define i32 @f(
; KEPT: br i1 %c, label %exit, label %loop{{$}}

define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 2
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop, !llvm.loop !0
exit:
  ret i32 %i.next
}

define internal i32 @g(i32 %n) unnamed_addr {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 2
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %i.next
}

define i32 @use(i32 %n) {
  %r = call i32 @g(i32 %n)
  ret i32 %r
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
