; The size code generation budget is in millionths of what the module
; executes, from 0 to 1000000: a larger value is an error that names the
; option, not a budget that silently means "everything".
; RUN: not %opt-merge -lto-merge-functions-optsize-cold -lto-merge-functions-size-codegen-budget=1000001 -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: lto-merge-functions: -lto-merge-functions-size-codegen-budget=1000001: expected millionths from 0 to 1000000

define i32 @f(i32 %x) !prof !20 {
  %a = add i32 %x, 1
  ret i32 %a
}

!20 = !{!"function_entry_count", i64 500}
