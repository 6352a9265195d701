; Two functions with the same body but different personality functions must
; not fold: the personality decides how exceptions unwind through the body.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --allow-empty

; PRINT-NOT: removing identical function

; CHECK-LABEL: define void @f() personality ptr @pers1 {
; CHECK-NEXT: invoke void @may_throw()
; CHECK-LABEL: define void @g() personality ptr @pers2 {
; CHECK-NEXT: invoke void @may_throw()

declare i32 @pers1(...)
declare i32 @pers2(...)
declare void @may_throw()

define void @f() personality ptr @pers1 {
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define void @g() personality ptr @pers2 {
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
