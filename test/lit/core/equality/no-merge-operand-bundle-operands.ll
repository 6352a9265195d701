; Operand bundles are operands of a call that are not arguments: a value
; the callee receives as an argument and the same value carried in a bundle
; (which the callee never sees; deoptimization, GC or a sanitizer reads it)
; are different calls, though both calls list the same operands in the same
; order. Against @arg_then_bundle (argument 4, bundle "tag"(8)), each
; function below differs in one thing: @all_in_bundle carries both values in
; the bundle, @two_bundles splits them over two bundles, @no_bundle passes
; both as arguments, @other_tag names another bundle, @other_value carries
; another value; @invoke_all_in_bundle differs from @invoke_arg_then_bundle
; the same way. None folds, in any mode; @arg_then_bundle2 and
; @invoke_arg_then_bundle2 have equal bundles and fold (the positive
; controls).
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function arg_then_bundle
; PRINT-NEXT: removing identical function arg_then_bundle2
; PRINT-NEXT: selected function invoke_arg_then_bundle
; PRINT-NEXT: removing identical function invoke_arg_then_bundle2
; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @arg_then_bundle(
; CHECK-NEXT: call i32 (...) @op(i32 4) [ "tag"(i32 8) ]
; CHECK-LABEL: define i32 @all_in_bundle(
; CHECK-NEXT: call i32 (...) @op() [ "tag"(i32 4, i32 8) ]
; CHECK-LABEL: define i32 @two_bundles(
; CHECK-NEXT: call i32 (...) @op() [ "tag"(i32 4), "tag2"(i32 8) ]
; CHECK-LABEL: define i32 @no_bundle(
; CHECK-NEXT: call i32 (...) @op(i32 4, i32 8)
; CHECK-LABEL: define i32 @other_tag(
; CHECK-NEXT: call i32 (...) @op(i32 4) [ "other"(i32 8) ]
; CHECK-LABEL: define i32 @other_value(
; CHECK-NEXT: call i32 (...) @op(i32 4) [ "tag"(i32 9) ]
; CHECK-LABEL: define i32 @invoke_arg_then_bundle(
; CHECK-NEXT: invoke i32 (...) @op(i32 4) [ "tag"(i32 8) ]
; CHECK-LABEL: define i32 @invoke_all_in_bundle(
; CHECK-NEXT: invoke i32 (...) @op() [ "tag"(i32 4, i32 8) ]

declare i32 @op(...)
declare i32 @personality(...)

define i32 @arg_then_bundle() {
  %a = call i32 (...) @op(i32 4) [ "tag"(i32 8) ]
  %b = call i32 (...) @op(i32 4) [ "tag"(i32 8) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @arg_then_bundle2() {
  %a = call i32 (...) @op(i32 4) [ "tag"(i32 8) ]
  %b = call i32 (...) @op(i32 4) [ "tag"(i32 8) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @all_in_bundle() {
  %a = call i32 (...) @op() [ "tag"(i32 4, i32 8) ]
  %b = call i32 (...) @op() [ "tag"(i32 4, i32 8) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @two_bundles() {
  %a = call i32 (...) @op() [ "tag"(i32 4), "tag2"(i32 8) ]
  %b = call i32 (...) @op() [ "tag"(i32 4), "tag2"(i32 8) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @no_bundle() {
  %a = call i32 (...) @op(i32 4, i32 8)
  %b = call i32 (...) @op(i32 4, i32 8)
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @other_tag() {
  %a = call i32 (...) @op(i32 4) [ "other"(i32 8) ]
  %b = call i32 (...) @op(i32 4) [ "other"(i32 8) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @other_value() {
  %a = call i32 (...) @op(i32 4) [ "tag"(i32 9) ]
  %b = call i32 (...) @op(i32 4) [ "tag"(i32 9) ]
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @invoke_arg_then_bundle() personality ptr @personality {
  %a = invoke i32 (...) @op(i32 4) [ "tag"(i32 8) ]
          to label %ok unwind label %lp
ok:
  ret i32 %a
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}

define i32 @invoke_arg_then_bundle2() personality ptr @personality {
  %a = invoke i32 (...) @op(i32 4) [ "tag"(i32 8) ]
          to label %ok unwind label %lp
ok:
  ret i32 %a
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}

define i32 @invoke_all_in_bundle() personality ptr @personality {
  %a = invoke i32 (...) @op() [ "tag"(i32 4, i32 8) ]
          to label %ok unwind label %lp
ok:
  ret i32 %a
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}
