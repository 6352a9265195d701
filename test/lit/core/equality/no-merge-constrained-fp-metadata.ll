; Constrained floating-point intrinsics take their rounding mode and
; exception behaviour as metadata string operands: they are part of what the
; call does (`round.upward` rounds another way than `round.dynamic`;
; `fpexcept.strict` must raise the exceptions that `fpexcept.ignore` may
; drop). Calls with equal strings are equal, so @dyn_strict_a and
; @dyn_strict_b fold (the positive control); @up_strict differs in one
; rounding mode, @dyn_ignore and @dyn_maytrap in one exception behaviour, and
; each stays apart in every mode. The thunk's call is strictfp like the
; thunk, as the calls in the body it replaced were.
; RUN: %opt-merge -S %s | FileCheck %s --check-prefixes=CHECK,THUNK
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function dyn_strict_a
; PRINT-NEXT: removing identical function dyn_strict_b
; PRINT-NOT: removing identical function

; CHECK-LABEL: define double @dyn_strict_a(
; CHECK-NEXT: call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict")
; THUNK-LABEL: define double @dyn_strict_b(
; THUNK-SAME: ) [[STRICT:#[0-9]+]]
; THUNK-NEXT: tail call double @dyn_strict_a(double %x, double %y) [[STRICT]]
; CHECK-LABEL: define double @up_strict(
; CHECK-NEXT: call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.upward", metadata !"fpexcept.strict")
; CHECK-LABEL: define double @dyn_ignore(
; CHECK-NEXT: call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.ignore")
; CHECK-LABEL: define double @dyn_maytrap(
; CHECK-NEXT: call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.maytrap")

declare double @llvm.experimental.constrained.fmul.f64(double, double, metadata, metadata)
declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)

define double @dyn_strict_a(double %x, double %y) strictfp {
  %m = call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %m, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}

define double @dyn_strict_b(double %x, double %y) strictfp {
  %m = call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %m, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}

define double @up_strict(double %x, double %y) strictfp {
  %m = call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.upward", metadata !"fpexcept.strict") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %m, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}

define double @dyn_ignore(double %x, double %y) strictfp {
  %m = call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.ignore") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %m, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}

define double @dyn_maytrap(double %x, double %y) strictfp {
  %m = call double @llvm.experimental.constrained.fmul.f64(double %x, double %y, metadata !"round.dynamic", metadata !"fpexcept.maytrap") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %m, double %y, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret double %s
}

; THUNK: attributes [[STRICT]] = { strictfp }
