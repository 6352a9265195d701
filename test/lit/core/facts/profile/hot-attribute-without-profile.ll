; Without a profile, a function the source marks hot is hot: it does not
; become a thunk of its twin. With the policy off, it does.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-hot-policy=off -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %a = add i32 %x, 1
; CHECK-LABEL: define i32 @g(
; CHECK-NEXT: %a = add i32 %x, 1

; OFF-LABEL: define i32 @g(
; OFF-NEXT: [[R:%.*]] = tail call i32 @f(i32 %x)

define i32 @f(i32 %x) #0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) #0 {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define void @use(ptr %slot) {
  store ptr @f, ptr %slot
  store ptr @g, ptr %slot
  ret void
}

attributes #0 = { hot }
