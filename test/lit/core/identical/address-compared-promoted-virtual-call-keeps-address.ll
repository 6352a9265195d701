; Indirect-call promotion tests a virtual call's target against @ref_get
; and inlines ref_get's body, specialized, behind the test. The twins are
; linkonce_odr and unnamed_addr, as clang emits virtual functions, so
; without the test ref_get would be erased into ptr_get and the guard would
; then let ptr_get's callers into ref_get's code. With it, ref_get keeps an
; address of its own in safe and in all mode: its direct callers go to the
; kept body, the guard and the vtable still name it, and it stays a thunk.
; It loses unnamed_addr, so that code generation lists it as address-
; significant and lld's --icf=safe keeps it apart too.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -pass-remarks=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt-merge -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json

; PRINT: selected function ptr_get
; PRINT-NEXT: moving body to private function ptr_get.lmf.body (ptr_get: erased)
; PRINT-NEXT: removing identical function ref_get (callers-redirected, address compared)
; REMARK: remark: {{.*}}folded 'ref_get' into identical 'ptr_get.lmf.body' (callers-redirected, address compared: it keeps its own)
; REPORT: "address_compared": 1,
; REPORT: "action": "callers-redirected",
; REPORT-NEXT: "address_compared": true,
; REPORT-NEXT: "name": "ref_get"

; CHECK: @vtable_ref = {{.*}}[ptr @ref_get]
; CHECK: @vtable_ptr = {{.*}}[ptr @ptr_get.lmf.body]
; CHECK-LABEL: define linkonce_odr ptr @ref_get(ptr %this) {
; CHECK-NEXT: tail call ptr @ptr_get.lmf.body(
; CHECK-LABEL: define i32 @use(
; CHECK: icmp eq ptr %vfn, @ref_get
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
  %is_ref = icmp eq ptr %vfn, @ref_get
  br i1 %is_ref, label %promoted, label %indirect

promoted:
  %field = getelementptr inbounds i8, ptr %obj, i64 8
  %r = load ptr, ptr %field, align 8, !nonnull !0
  %v = load i32, ptr %r, align 4
  ret i32 %v

indirect:
  %p = call ptr %vfn(ptr %obj)
  %null = icmp eq ptr %p, null
  br i1 %null, label %none, label %some

some:
  %w = load i32, ptr %p, align 4
  ret i32 %w

none:
  %direct = call ptr @ref_get(ptr %obj)
  ret i32 42
}

!0 = !{}
