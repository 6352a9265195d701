; `initializes((lo, hi))` on a pointer parameter promises callers that the
; function writes those bytes before it reads them; dead store elimination
; in a caller relies on it. LLVM declares the attribute must-preserve when
; it intersects attribute lists, so we do not intersect it either: twins
; whose ranges differ, in extent (@init_0_8) or in pieces (@init_0_2_4_8),
; or where one has none (@init_none), stay apart. @init_0_4a and @init_0_4b
; agree and fold (the positive control; both are internal and only called,
; so @init_0_4b is erased).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function init_0_4a
; PRINT-NEXT: removing identical function init_0_4b (erased)
; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @user(
; CHECK-NEXT: call void @init_0_4a(ptr %p)
; CHECK-NEXT: call void @init_0_4a(ptr %p)
; CHECK-NEXT: call void @init_0_8(ptr %p)
; CHECK-NEXT: call void @init_0_2_4_8(ptr %p)
; CHECK-NEXT: call void @init_none(ptr %p)
; CHECK-LABEL: define internal void @init_0_4a(ptr initializes((0, 4)) %p)
; CHECK-NOT: @init_0_4b
; CHECK-LABEL: define internal void @init_0_8(ptr initializes((0, 8)) %p)
; CHECK-LABEL: define internal void @init_0_2_4_8(ptr initializes((0, 2), (4, 8)) %p)
; CHECK-LABEL: define internal void @init_none(ptr %p)

define void @user(ptr %p) {
  call void @init_0_4a(ptr %p)
  call void @init_0_4b(ptr %p)
  call void @init_0_8(ptr %p)
  call void @init_0_2_4_8(ptr %p)
  call void @init_none(ptr %p)
  ret void
}

define internal void @init_0_4a(ptr initializes((0, 4)) %p) {
  store i32 0, ptr %p, align 4
  %q = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %q, align 4
  ret void
}

define internal void @init_0_4b(ptr initializes((0, 4)) %p) {
  store i32 0, ptr %p, align 4
  %q = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %q, align 4
  ret void
}

define internal void @init_0_8(ptr initializes((0, 8)) %p) {
  store i32 0, ptr %p, align 4
  %q = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %q, align 4
  ret void
}

define internal void @init_0_2_4_8(ptr initializes((0, 2), (4, 8)) %p) {
  store i32 0, ptr %p, align 4
  %q = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %q, align 4
  ret void
}

define internal void @init_none(ptr %p) {
  store i32 0, ptr %p, align 4
  %q = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %q, align 4
  ret void
}
