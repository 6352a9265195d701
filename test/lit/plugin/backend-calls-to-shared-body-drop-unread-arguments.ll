; A ThinLTO backend that knows an object's class resolves a virtual call
; from the table, here to the parameterless shared body of argument-free
; twins (declared only: its body was not imported), with the member's
; arguments. The plugin's pass in the function simplification pipeline
; drops them; without the plugin the call keeps setting them up, and a
; call to a body that reads its arguments keeps them either way.
; RUN: %opt -load-pass-plugin=%plugin -passes='thinlto<O2>' -S %s \
; RUN:   | FileCheck %s
; RUN: %opt -passes='thinlto<O2>' -S %s | FileCheck %s --check-prefix=STOCK
; RUN: %opt -load-pass-plugin=%plugin \
; RUN:   -passes=lto-merge-functions-retype-calls -S %s \
; RUN:   | FileCheck %s --check-prefix=ALONE

; CHECK-LABEL: define void @construct(
; CHECK:         tail call void @__lmf.xm.0123456789abcdef(){{$}}
; CHECK-LABEL: define void @with_parameters(
; CHECK:         tail call void @__lmf.xm.fedcba9876543210(ptr
; STOCK-LABEL: define void @construct(
; STOCK:         tail call void @__lmf.xm.0123456789abcdef(ptr nonnull %obj, i32 7)
; ALONE:         call void @__lmf.xm.0123456789abcdef(){{$}}
; ALONE:         call void @__lmf.xm.fedcba9876543210(ptr %obj, i32 7)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@vtable = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @__lmf.xm.0123456789abcdef]
@other = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @__lmf.xm.fedcba9876543210]

declare hidden void @__lmf.xm.0123456789abcdef() unnamed_addr
declare hidden void @__lmf.xm.fedcba9876543210(ptr, i32) unnamed_addr

define void @construct(ptr %obj) {
  store ptr @vtable, ptr %obj
  %vt = load ptr, ptr %obj
  %f = load ptr, ptr %vt
  call void %f(ptr %obj, i32 7)
  ret void
}

define void @with_parameters(ptr %obj) {
  store ptr @other, ptr %obj
  %vt = load ptr, ptr %obj
  %f = load ptr, ptr %vt
  call void %f(ptr %obj, i32 7)
  call void @__lmf.xm.0123456789abcdef(ptr %obj, i32 7)
  call void @__lmf.xm.fedcba9876543210(ptr %obj, i32 7)
  ret void
}
