; The output must not depend on the number of worker threads: the module
; after merging with 1 and with 2 threads is identical, and so is the listing.
; RUN: %opt-merge -lto-merge-functions-threads=1 -S %s -o %t.1.ll
; RUN: %opt-merge -lto-merge-functions-threads=2 -S %s -o %t.2.ll
; RUN: diff %t.1.ll %t.2.ll
; RUN: %opt-merge -lto-merge-functions-threads=2 -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function a1
; PRINT-NEXT: removing identical function a2 (erased)
; PRINT-NEXT: removing identical function a3 (callers-redirected)
; PRINT-NEXT: selected function b1
; PRINT-NEXT: removing identical function b2 (erased)

define i32 @a1(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @b1(i32 %x) {
  %a = sub i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @a2(i32 %x) unnamed_addr {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define internal i32 @b2(i32 %x) unnamed_addr {
  %a = sub i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @a3(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  ret i32 %b
}

define i32 @use() {
  %r1 = call i32 @a2(i32 1)
  %r2 = call i32 @b2(i32 1)
  %r3 = call i32 @a3(i32 1)
  %r = add i32 %r1, %r2
  %s = add i32 %r, %r3
  ret i32 %s
}
