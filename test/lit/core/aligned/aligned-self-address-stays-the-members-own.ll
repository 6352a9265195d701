; A member that uses its own address as a value keeps using its own
; address in the merged body: @f1 stores @f1 where @f2 stores @f2. Each
; store runs in its member's own block (a select of the two addresses
; would cost more than the second store), never the body's or the other
; member's address. Both members stay thunks: their addresses are used.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @f1(
; CHECK-NEXT: tail call void @f1.lmf.aligned(ptr %p, i32 %x, i1 noundef false)
; CHECK-LABEL: define internal void @f1.lmf.aligned(
; CHECK: br i1 %lmf.id, label %[[RIGHT:[0-9]+]], label %[[LEFT:[0-9]+]]
; CHECK: [[LEFT]]:
; CHECK-NEXT: store ptr @f1, ptr %p
; CHECK: [[RIGHT]]:
; CHECK-NEXT: store ptr @f2, ptr %p
; CHECK-LABEL: define internal void @f2(
; CHECK-NEXT: tail call void @f1.lmf.aligned(ptr %p, i32 %x, i1 noundef true)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define void @caller(ptr %p) {
  call void @f1(ptr %p, i32 1)
  call void @f2(ptr %p, i32 2)
  ret void
}

define internal void @f1(ptr %p, i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  store ptr @f1, ptr %p
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  ret void
}

define internal void @f2(ptr %p, i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  store ptr @f2, ptr %p
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  ret void
}
