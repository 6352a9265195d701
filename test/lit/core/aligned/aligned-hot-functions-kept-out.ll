; Under the default hot-function policy a function that runs hot code
; takes no part: a merged body branches and selects on the identifier,
; run time on the fast path. @hot1 carries the `hot` attribute and stays as
; it is; with the policy off (-lto-merge-functions-hot-policy=off) it
; merges with @cold2 like any other function. The report counts the hot
; functions kept out.
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-print -disable-output %s | FileCheck %s --allow-empty --check-prefix=POLICY
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-report=- -disable-output %s | FileCheck %s --check-prefix=REPORT
; RUN: %opt-merge -lto-merge-functions-aligned -lto-merge-functions-aligned-min-gain=-1000 -lto-merge-functions-aligned-rounds=1 -lto-merge-functions-hot-policy=off -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=OFF

; POLICY-NOT: aligned
; REPORT: "hot_excluded": 1,
; OFF: merged aligned functions into hot1.lmf.aligned
; OFF-NEXT: sharing body with aligned function hot1 (thunk)
; OFF-NEXT: sharing body with aligned function cold2 (thunk)

target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @hot1(i32 %x) hot {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}

define i32 @cold2(i32 %x) {
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %b = mul i32 %a, %x
  call void @use(i32 %b)
  %c = xor i32 %b, 1
  ret i32 %c
}
