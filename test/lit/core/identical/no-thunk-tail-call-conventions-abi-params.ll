; Found by the libFuzzer target (test/fuzz/FuzzMerge.cpp). A thunk in tailcc
; or swifttailcc must `musttail` call the body, and the verifier forbids
; inreg, byref, swifterror (and inalloca, preallocated) parameters in such
; calls: "inreg attribute not allowed in swifttailcc musttail caller". The
; merger built the thunk anyway, so the module was broken after merging (an
; error with -lto-merge-functions-verify, "LLVM ERROR: Broken module found"
; from opt or the linker without it). Twins with such parameters that need a
; thunk must not be folded (or be folded without one).
; Minimized from a libFuzzer input; fixed in core/identical/IdenticalPlanner.cpp.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-NOT: musttail

define tailcc i32 @inreg1(i32 inreg %x) {
  %a = call i32 @h(i32 %x)
  %b = mul i32 %a, 3
  ret i32 %b
}

define tailcc i32 @inreg2(i32 inreg %x) {
  %a = call i32 @h(i32 %x)
  %b = mul i32 %a, 3
  ret i32 %b
}

define swifttailcc i32 @byref1(ptr byref(i32) %p) {
  %v = load i32, ptr %p, align 4
  %a = call i32 @h(i32 %v)
  %b = mul i32 %a, 3
  ret i32 %b
}

define swifttailcc i32 @byref2(ptr byref(i32) %p) {
  %v = load i32, ptr %p, align 4
  %a = call i32 @h(i32 %v)
  %b = mul i32 %a, 3
  ret i32 %b
}

define swifttailcc i32 @swifterror1(ptr swifterror %e, i32 %x) {
  store ptr null, ptr %e, align 8
  %a = call i32 @h(i32 %x)
  %b = mul i32 %a, 3
  ret i32 %b
}

define swifttailcc i32 @swifterror2(ptr swifterror %e, i32 %x) {
  store ptr null, ptr %e, align 8
  %a = call i32 @h(i32 %x)
  %b = mul i32 %a, 3
  ret i32 %b
}

declare i32 @h(i32)
