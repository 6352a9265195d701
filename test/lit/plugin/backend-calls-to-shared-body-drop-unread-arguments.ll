; A ThinLTO backend that knows an object's class resolves a virtual call
; from the table, here to the parameterless shared body of argument-free
; twins (declared only: its body was not imported), with the member's
; arguments. The plugin's pass in the function simplification pipeline
; drops them; without the plugin the call keeps setting them up, and a
; call to a body that reads its arguments keeps them either way. Only our
; shared bodies are recognized, by a name that ends in `.lmf.shared` or
; that and a count: a parameterless callee named otherwise (a similar
; body, a clone LLVM made of ours, a user's function) keeps its arguments.
; RUN: %opt -load-pass-plugin=%plugin -passes='thinlto<O2>' -S %s \
; RUN:   | FileCheck %s
; RUN: %opt -passes='thinlto<O2>' -S %s | FileCheck %s --check-prefix=STOCK
; RUN: %opt -load-pass-plugin=%plugin \
; RUN:   -passes=lto-merge-functions-retype-calls -S %s \
; RUN:   | FileCheck %s --check-prefix=ALONE

; CHECK-LABEL: define void @construct(
; CHECK:         tail call void @_ZN4Base5resetEv.lmf.shared.2(){{$}}
; CHECK-LABEL: define void @with_parameters(
; CHECK:         tail call void @_ZN4Base4stepEPvi.lmf.shared(ptr
; STOCK-LABEL: define void @construct(
; STOCK:         tail call void @_ZN4Base5resetEv.lmf.shared.2(ptr nonnull %obj, i32 7)
; ALONE:         call void @_ZN4Base5resetEv.lmf.shared.2(){{$}}
; ALONE:         call void @_ZN4Base4stepEPvi.lmf.shared(ptr %obj, i32 7)
; ALONE:         call void @_ZN4Base5resetEv.lmf.similar(ptr %obj, i32 7)
; ALONE:         call void @_ZN4Base5resetEv.lmf.shared.specialized.1(ptr %obj, i32 7)
; ALONE:         call void @_ZN4Base5resetEv(ptr %obj, i32 7)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@vtable = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @_ZN4Base5resetEv.lmf.shared.2]
@other = linkonce_odr unnamed_addr constant [1 x ptr] [ptr @_ZN4Base4stepEPvi.lmf.shared]

declare hidden void @_ZN4Base5resetEv.lmf.shared.2() unnamed_addr
declare hidden void @_ZN4Base4stepEPvi.lmf.shared(ptr, i32) unnamed_addr
declare void @_ZN4Base5resetEv.lmf.similar()
declare void @_ZN4Base5resetEv.lmf.shared.specialized.1()
declare void @_ZN4Base5resetEv()

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
  call void @_ZN4Base5resetEv.lmf.shared.2(ptr %obj, i32 7)
  call void @_ZN4Base4stepEPvi.lmf.shared(ptr %obj, i32 7)
  call void @_ZN4Base5resetEv.lmf.similar(ptr %obj, i32 7)
  call void @_ZN4Base5resetEv.lmf.shared.specialized.1(ptr %obj, i32 7)
  call void @_ZN4Base5resetEv(ptr %obj, i32 7)
  ret void
}
