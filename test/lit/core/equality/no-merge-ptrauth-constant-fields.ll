; A `ptrauth` constant is a pointer signed with a key, an integer
; discriminator and an optional address discriminator (and, in LLVM 22, an
; optional deactivation symbol); each of them changes the signed value, so a
; function passing one signed pointer is not a function passing another.
; Against @signed_a, the functions below differ in one field each: the
; pointer (@other_ptr), the key (@other_key), the integer discriminator
; (@other_disc), the address discriminator (@other_addr, @no_addr) and the
; deactivation symbol (@deactivated). None folds, in any mode; @signed_a2
; signs exactly as @signed_a and folds (the positive control).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function signed_a
; PRINT-NEXT: removing identical function signed_a2
; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @signed_a(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot))
; CHECK-LABEL: define void @other_ptr(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn2, i32 2, i64 100, ptr @slot))
; CHECK-LABEL: define void @other_key(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 0, i64 100, ptr @slot))
; CHECK-LABEL: define void @other_disc(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 101, ptr @slot))
; CHECK-LABEL: define void @other_addr(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot2))
; CHECK-LABEL: define void @no_addr(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100))
; CHECK-LABEL: define void @deactivated(
; CHECK-NEXT: call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot, ptr @fn2))

target triple = "aarch64-unknown-linux-gnu"

@slot = external global ptr
@slot2 = external global ptr

declare void @use(ptr)
declare void @fn1()
declare void @fn2()

define void @signed_a() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot))
  call void @use(ptr null)
  ret void
}

define void @signed_a2() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot))
  call void @use(ptr null)
  ret void
}

define void @other_ptr() {
  call void @use(ptr ptrauth (ptr @fn2, i32 2, i64 100, ptr @slot))
  call void @use(ptr null)
  ret void
}

define void @other_key() {
  call void @use(ptr ptrauth (ptr @fn1, i32 0, i64 100, ptr @slot))
  call void @use(ptr null)
  ret void
}

define void @other_disc() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 101, ptr @slot))
  call void @use(ptr null)
  ret void
}

define void @other_addr() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot2))
  call void @use(ptr null)
  ret void
}

define void @no_addr() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100))
  call void @use(ptr null)
  ret void
}

define void @deactivated() {
  call void @use(ptr ptrauth (ptr @fn1, i32 2, i64 100, ptr @slot, ptr @fn2))
  call void @use(ptr null)
  ret void
}
