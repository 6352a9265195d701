; Mode `all` (like lld --icf=all) treats every address as insignificant: the
; address-significant external @g becomes an alias of @f and its address use
; refers to @f. Mode `safe` (the default) keeps @g as a thunk with its own
; address.
; RUN: %opt-merge -S %s | FileCheck %s --check-prefix=SAFE
; RUN: %opt-merge -lto-merge-functions-mode=safe -S %s | FileCheck %s --check-prefix=SAFE
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=ALL-PRINT
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=SAFE-PRINT

; SAFE-PRINT: removing identical function g (callers-redirected)
; ALL-PRINT: removing identical function g (alias)

; SAFE-LABEL: define i32 @g(
; SAFE-NEXT: tail call i32 @f(i32 %x)
; SAFE-LABEL: define i32 @use(
; SAFE-NEXT: %a = call i32 @f(i32 1)
; SAFE-NEXT: store ptr @g, ptr %slot

; ALL: @g = alias i32 (i32), ptr @f
; ALL-LABEL: define i32 @use(
; ALL-NEXT: %a = call i32 @f(i32 1)
; ALL-NEXT: store ptr @f, ptr %slot

define i32 @f(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @g(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use(ptr %slot) {
  %a = call i32 @g(i32 1)
  store ptr @g, ptr %slot
  ret i32 %a
}
