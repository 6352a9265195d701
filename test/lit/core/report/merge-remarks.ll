; -pass-remarks=lto-merge-functions emits one remark per folded function,
; naming the folded function, the survivor and the action.
; RUN: %opt-merge -pass-remarks=lto-merge-functions -disable-output %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: {{.*}}folded 'g' into identical 'f' (erased)
; CHECK-DAG: remark: {{.*}}folded 'h' into identical 'f' (callers-redirected)
; CHECK-NOT: remark

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @g(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @h(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r = call i32 @g(i32 1)
  ret i32 %r
}
