; The positive control of address-compared-promoted-virtual-call-keeps-address.ll:
; the same twins with no comparison of either address. ref_get's address is
; not significant, so every use, the vtable's too, goes to ptr_get and
; ref_get is erased.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function ptr_get
; PRINT-NEXT: moving body to private function ptr_get.lmf.body (ptr_get: erased)
; PRINT-NEXT: removing identical function ref_get (erased)

; CHECK: @vtable_ref = {{.*}}[ptr @ptr_get.lmf.body]
; CHECK-NOT: define {{.*}}@ref_get(
; CHECK-LABEL: define i32 @use(
; CHECK: call ptr @ptr_get.lmf.body(ptr %obj)

@vtable_ref = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @ref_get]
@vtable_ptr = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @ptr_get]

define linkonce_odr ptr @ptr_get(ptr %this) unnamed_addr {
  %field = getelementptr inbounds i8, ptr %this, i64 8
  %p = load ptr, ptr %field, align 8
  ret ptr %p
}

define linkonce_odr ptr @ref_get(ptr %this) unnamed_addr {
  %field = getelementptr inbounds i8, ptr %this, i64 8
  %p = load ptr, ptr %field, align 8
  ret ptr %p
}

define i32 @use(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8
  %vfn = load ptr, ptr %vtable, align 8
  %p = call ptr %vfn(ptr %obj)
  %direct = call ptr @ref_get(ptr %obj)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
