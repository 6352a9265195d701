; Callee positions are not used in a module that protects indirect calls:
; with -fcf-protection=branch every indirect-call target needs an endbr64
; and gets one when its address is taken, and under CFI or KCFI a new
; indirect call would have no check. @f1 and @f2 differ only in the function
; they call; with -lto-merge-functions-similar-callees they share a body
; (the NOFLAG run, flag value 0), but not when the module carries
; cf-protection-branch = 1, "CFI Canonical Jump Tables" or kcfi.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=APART --allow-empty
; RUN: sed 's/"cf-protection-branch"/"CFI Canonical Jump Tables"/' %s | %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -lto-merge-functions-print -disable-output | FileCheck %s --check-prefix=APART --allow-empty
; RUN: sed 's/"cf-protection-branch"/"kcfi"/' %s | %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -lto-merge-functions-print -disable-output | FileCheck %s --check-prefix=APART --allow-empty
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json
; RUN: sed 's/"cf-protection-branch", i32 1/"cf-protection-branch", i32 0/' %s | %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-callees -lto-merge-functions-print -disable-output | FileCheck %s --check-prefix=NOFLAG

; APART-NOT: similar
; The report says which kinds of positions were used.
; REPORT: "positions": [
; REPORT-NEXT: "data",
; REPORT-NEXT: "integers"
; REPORT-NEXT: ],
; NOFLAG: merged similar functions into f1.lmf.similar (1 parameters, about {{[0-9]+}} bytes saved)
; NOFLAG-NEXT: sharing body with similar function f1 (thunk)
; NOFLAG-NEXT: sharing body with similar function f2 (thunk)

target triple = "x86_64-unknown-linux-gnu"


declare void @h1(i32)
declare void @h2(i32)

define i32 @f1(i32 %x) {
  call void @h1(i32 %x)
  %c0 = mul i32 %x, %x
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define i32 @f2(i32 %x) {
  call void @h2(i32 %x)
  %c0 = mul i32 %x, %x
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"cf-protection-branch", i32 1}
