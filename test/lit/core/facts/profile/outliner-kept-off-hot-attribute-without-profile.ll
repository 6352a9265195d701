; Without a profile summary, only a function the source marks hot is kept
; from the MachineOutliner; a loop says nothing about how often it runs.
; RUN: %opt-merge -lto-merge-functions-no-outline-hot -S %s | FileCheck %s

; CHECK: define i32 @marked_hot(i32 %x) [[FENCED:#[0-9]+]]
; CHECK: define i32 @loop(i32 %n) {
; CHECK: attributes [[FENCED]] = { hot "nooutline" }

define i32 @marked_hot(i32 %x) hot {
  %a = add i32 %x, 1
  ret i32 %a
}

define i32 @loop(i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret i32 %next
}
