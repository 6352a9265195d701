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

; Positive controls. The pairs are twins: in mode `all`, where no address
; is significant, each second member becomes an alias, with no thunk and
; no musttail call.
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; ALL: selected function inreg1
; ALL-NEXT: removing identical function inreg2 (alias)
; ALL: selected function byref1
; ALL-NEXT: removing identical function byref2 (alias)
; ALL: selected function swifterror1
; ALL-NEXT: removing identical function swifterror2 (alias)
; And it is the parameters that keep them apart in mode `safe`: without
; inreg, byref and swifterror, each second member is a musttail thunk.
; RUN: sed -e 's/ inreg / /' -e 's/ byref(i32) / /' -e 's/ swifterror / /' %s \
; RUN:   | %opt-merge -lto-merge-functions-print -S \
; RUN:   | FileCheck %s --check-prefix=PLAIN
; PLAIN: removing identical function inreg2 (callers-redirected)
; PLAIN: removing identical function byref2 (callers-redirected)
; PLAIN: removing identical function swifterror2 (callers-redirected)
; PLAIN-LABEL: define tailcc i32 @inreg2(i32 %x)
; PLAIN-NEXT: musttail call tailcc i32 @inreg1(i32 %x)
; PLAIN-LABEL: define swifttailcc i32 @byref2(ptr %p)
; PLAIN-NEXT: musttail call swifttailcc i32 @byref1(ptr %p)
; PLAIN-LABEL: define swifttailcc i32 @swifterror2(ptr %e, i32 %x)
; PLAIN-NEXT: musttail call swifttailcc i32 @swifterror1(ptr %e, i32 %x)

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
