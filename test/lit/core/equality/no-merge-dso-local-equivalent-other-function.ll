; `dso_local_equivalent @f` names @f's own local stub, so functions calling,
; or passing on, dso_local_equivalent constants of different functions are
; different code: @call_e1/@call_e2 (two declarations) and
; @pass_e1/@pass_e2 stay apart. The constant is compared by the symbol it
; names, not by that symbol's class: @twin1 and @twin2 fold (the positive
; control, @twin2 a thunk), yet @call_t1 and @call_t2, which reach them
; through dso_local_equivalent, stay apart. In all mode @twin2 becomes an
; alias and its uses, the constant in @call_t2 included, name @twin1; only
; the pairs naming @e1 and @e2 are checked there.
; The same shapes naming one function fold:
; merge-dso-local-equivalent-same-function.ll.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-mode=all -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt-merge -lto-merge-functions-similar -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-aligned -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: %opt-merge -lto-merge-functions-mode=all -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT-ALL

; PRINT: selected function twin1
; PRINT-NEXT: removing identical function twin2
; PRINT-NOT: removing identical function
; PRINT-ALL: selected function twin1
; PRINT-ALL-NEXT: removing identical function twin2 (alias)
; PRINT-ALL-NOT: removing identical function {{call_e|pass_e}}

; CHECK: @table = constant [6 x ptr] [ptr @call_e1, ptr @call_e2, ptr @call_t1, ptr @call_t2, ptr @pass_e1, ptr @pass_e2]
; CHECK-LABEL: define i32 @twin2(
; CHECK-NEXT: tail call i32 @twin1(i32 %x)
; CHECK-LABEL: define internal i32 @call_e1(
; CHECK-NEXT: call i32 dso_local_equivalent @e1(i32 %x)
; CHECK-LABEL: define internal i32 @call_e2(
; CHECK-NEXT: call i32 dso_local_equivalent @e2(i32 %x)
; CHECK-LABEL: define internal i32 @call_t1(
; CHECK-NEXT: call i32 dso_local_equivalent @twin1(i32 %x)
; CHECK-LABEL: define internal i32 @call_t2(
; CHECK-NEXT: call i32 dso_local_equivalent @twin2(i32 %x)
; CHECK-LABEL: define internal void @pass_e1(
; CHECK-NEXT: call void @take(ptr dso_local_equivalent @e1)
; CHECK-LABEL: define internal void @pass_e2(
; CHECK-NEXT: call void @take(ptr dso_local_equivalent @e2)

; ALL: @table = constant [6 x ptr] [ptr @call_e1, ptr @call_e2, ptr @call_t1, ptr @call_t2, ptr @pass_e1, ptr @pass_e2]
; ALL: @twin2 = alias i32 (i32), ptr @twin1
; ALL-LABEL: define internal i32 @call_e1(
; ALL-NEXT: call i32 dso_local_equivalent @e1(i32 %x)
; ALL-LABEL: define internal i32 @call_e2(
; ALL-NEXT: call i32 dso_local_equivalent @e2(i32 %x)
; ALL-LABEL: define internal void @pass_e1(
; ALL-NEXT: call void @take(ptr dso_local_equivalent @e1)
; ALL-LABEL: define internal void @pass_e2(
; ALL-NEXT: call void @take(ptr dso_local_equivalent @e2)

target triple = "x86_64-unknown-linux-gnu"

@table = constant [6 x ptr] [ptr @call_e1, ptr @call_e2, ptr @call_t1, ptr @call_t2, ptr @pass_e1, ptr @pass_e2]

declare i32 @e1(i32)
declare i32 @e2(i32)
declare void @take(ptr)

define i32 @twin1(i32 %x) {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define i32 @twin2(i32 %x) {
  %a = mul i32 %x, 3
  %b = add i32 %a, 1
  ret i32 %b
}

define internal i32 @call_e1(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @e1(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define internal i32 @call_e2(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @e2(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define internal i32 @call_t1(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @twin1(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define internal i32 @call_t2(i32 %x) unnamed_addr {
  %r = call i32 dso_local_equivalent @twin2(i32 %x)
  %s = add i32 %r, %x
  ret i32 %s
}

define internal void @pass_e1() unnamed_addr {
  call void @take(ptr dso_local_equivalent @e1)
  call void @take(ptr dso_local_equivalent @e1)
  ret void
}

define internal void @pass_e2() unnamed_addr {
  call void @take(ptr dso_local_equivalent @e2)
  call void @take(ptr dso_local_equivalent @e1)
  ret void
}
