; Constant expressions carry fields besides their operands: a GEP's source
; element type (the stride of its indices), its `inbounds`/`nuw` flags and
; its `inrange`, an `add`'s `nuw`. Instructions' flags are intersected on a
; fold, but a constant expression cannot be edited, so these fields take
; part in equality. @stride_i8 and @stride_i32 point 4 and 16 bytes into
; @buf; @stride_arr points at the same byte as @stride_i8 through another
; source type (kept apart as written); @plain, @inb and @nuwf differ in GEP
; flags only; @inr0, @inr1 and @inr2 in `inrange` only; @addplain, @addnuw
; and @subplain in `nuw` or the opcode. Nothing folds in any mode except
; the positive control, @stride_i8_twin into @stride_i8.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function stride_i8
; PRINT-NEXT: removing identical function stride_i8_twin
; PRINT-NOT: removing identical function

; CHECK-LABEL: define ptr @stride_i8(
; CHECK: ret ptr getelementptr (i8, ptr @buf, i64 4)
; CHECK-LABEL: define ptr @stride_i32(
; CHECK: ret ptr getelementptr (i32, ptr @buf, i64 4)
; CHECK-LABEL: define ptr @stride_arr(
; CHECK: ret ptr getelementptr ([16 x i32], ptr @buf, i64 0, i64 1)
; CHECK-LABEL: define ptr @plain(
; CHECK: ret ptr getelementptr (i8, ptr @buf, i64 8)
; CHECK-LABEL: define ptr @inb(
; CHECK: ret ptr getelementptr inbounds (i8, ptr @buf, i64 8)
; CHECK-LABEL: define ptr @nuwf(
; CHECK: ret ptr getelementptr nuw (i8, ptr @buf, i64 8)
; CHECK-LABEL: define ptr @inr0(
; CHECK: ret ptr getelementptr ([16 x i32], ptr @buf, i64 0, i64 2)
; CHECK-LABEL: define ptr @inr1(
; CHECK: ret ptr getelementptr inrange(0, 8) ([16 x i32], ptr @buf, i64 0, i64 2)
; CHECK-LABEL: define ptr @inr2(
; CHECK: ret ptr getelementptr inrange(-8, 8) ([16 x i32], ptr @buf, i64 0, i64 2)
; CHECK-LABEL: define i64 @addplain(
; CHECK: ret i64 add (i64 ptrtoint (ptr @buf to i64), i64 3)
; CHECK-LABEL: define i64 @addnuw(
; CHECK: ret i64 add nuw (i64 ptrtoint (ptr @buf to i64), i64 3)
; CHECK-LABEL: define i64 @subplain(
; CHECK: ret i64 sub (i64 ptrtoint (ptr @buf to i64), i64 3)

@buf = external global [16 x i32]

define ptr @stride_i8(i32 %x) {
  store i32 %x, ptr getelementptr (i8, ptr @buf, i64 4), align 4
  ret ptr getelementptr (i8, ptr @buf, i64 4)
}

define ptr @stride_i8_twin(i32 %x) {
  store i32 %x, ptr getelementptr (i8, ptr @buf, i64 4), align 4
  ret ptr getelementptr (i8, ptr @buf, i64 4)
}

define ptr @stride_i32(i32 %x) {
  store i32 %x, ptr getelementptr (i8, ptr @buf, i64 4), align 4
  ret ptr getelementptr (i32, ptr @buf, i64 4)
}

define ptr @stride_arr(i32 %x) {
  store i32 %x, ptr getelementptr (i8, ptr @buf, i64 4), align 4
  ret ptr getelementptr ([16 x i32], ptr @buf, i64 0, i64 1)
}

define ptr @plain(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr (i8, ptr @buf, i64 8)
}

define ptr @inb(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr inbounds (i8, ptr @buf, i64 8)
}

define ptr @nuwf(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr nuw (i8, ptr @buf, i64 8)
}

define ptr @inr0(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr ([16 x i32], ptr @buf, i64 0, i64 2)
}

define ptr @inr1(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr inrange(0, 8) ([16 x i32], ptr @buf, i64 0, i64 2)
}

define ptr @inr2(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret ptr getelementptr inrange(-8, 8) ([16 x i32], ptr @buf, i64 0, i64 2)
}

define i64 @addplain(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret i64 add (i64 ptrtoint (ptr @buf to i64), i64 3)
}

define i64 @addnuw(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret i64 add nuw (i64 ptrtoint (ptr @buf to i64), i64 3)
}

define i64 @subplain(i32 %x) {
  store i32 %x, ptr @buf, align 4
  ret i64 sub (i64 ptrtoint (ptr @buf to i64), i64 3)
}
