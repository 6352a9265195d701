; Switches with the same shape and destinations but different case values
; branch differently; the case values must be compared.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define i32 @f(
; CHECK: i32 2, label %b
; CHECK-LABEL: define i32 @g(
; CHECK: i32 3, label %b

define i32 @f(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %a
                            i32 2, label %b ]
a:
  ret i32 10
b:
  ret i32 20
d:
  ret i32 0
}

define i32 @g(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %a
                            i32 3, label %b ]
a:
  ret i32 10
b:
  ret i32 20
d:
  ret i32 0
}
