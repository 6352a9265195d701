; Two lookup tables of equal contents (switch tables, string literals) are
; two globals until ConstantMerge makes them one: in one module we compare
; globals by identity, so @left and @right, which read @days.left and
; @days.right, are different code as written, and our pass alone folds
; nothing. The full-LTO pipeline (and O3) runs ConstantMerge, after which
; both read one table and fold; @right is exported and address significant,
; so it stays as a thunk. @other reads a table that differs in one entry and
; stays apart in every run (the negative control).
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=ALONE --allow-empty
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=ALONE --allow-empty
; RUN: %opt -load-pass-plugin=%plugin -passes='lto<O3>' -lto-merge-functions-verify -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes='lto<O3>' -lto-merge-functions-verify -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>,lto-merge-functions' -lto-merge-functions-verify -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>,lto-merge-functions' -lto-merge-functions-verify -S %s | FileCheck %s

; ALONE-NOT: removing identical function

; PRINT: selected function left
; PRINT-NEXT: removing identical function right (callers-redirected)
; PRINT-NOT: removing identical function

; CHECK: @[[TABLE:days\.(left|right)]] = private unnamed_addr constant [6 x i16] [i16 31, i16 28,
; CHECK: @days.other = private unnamed_addr constant [6 x i16] [i16 31, i16 29,
; CHECK-LABEL: define {{.*}}i32 @left(
; CHECK: getelementptr {{.*}}ptr @[[TABLE]],
; CHECK-LABEL: define {{.*}}i32 @right(
; CHECK-NEXT: tail call {{.*}}i32 @left(i32 %m)
; CHECK-LABEL: define {{.*}}i32 @other(
; CHECK: getelementptr {{.*}}ptr @days.other,

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@days.left = private unnamed_addr constant [6 x i16] [i16 31, i16 28, i16 31, i16 30, i16 31, i16 30], align 2
@days.right = private unnamed_addr constant [6 x i16] [i16 31, i16 28, i16 31, i16 30, i16 31, i16 30], align 2
@days.other = private unnamed_addr constant [6 x i16] [i16 31, i16 29, i16 31, i16 30, i16 31, i16 30], align 2

define i32 @left(i32 %m) {
entry:
  %in = icmp ult i32 %m, 6
  br i1 %in, label %look, label %out

look:
  %i = zext i32 %m to i64
  %p = getelementptr inbounds [6 x i16], ptr @days.left, i64 0, i64 %i
  %d = load i16, ptr %p, align 2
  %w = zext i16 %d to i32
  br label %out

out:
  %r = phi i32 [ %w, %look ], [ -1, %entry ]
  ret i32 %r
}

define i32 @right(i32 %m) {
entry:
  %in = icmp ult i32 %m, 6
  br i1 %in, label %look, label %out

look:
  %i = zext i32 %m to i64
  %p = getelementptr inbounds [6 x i16], ptr @days.right, i64 0, i64 %i
  %d = load i16, ptr %p, align 2
  %w = zext i16 %d to i32
  br label %out

out:
  %r = phi i32 [ %w, %look ], [ -1, %entry ]
  ret i32 %r
}

define i32 @other(i32 %m) {
entry:
  %in = icmp ult i32 %m, 6
  br i1 %in, label %look, label %out

look:
  %i = zext i32 %m to i64
  %p = getelementptr inbounds [6 x i16], ptr @days.other, i64 0, i64 %i
  %d = load i16, ptr %p, align 2
  %w = zext i16 %d to i32
  br label %out

out:
  %r = phi i32 [ %w, %look ], [ -1, %entry ]
  ret i32 %r
}
