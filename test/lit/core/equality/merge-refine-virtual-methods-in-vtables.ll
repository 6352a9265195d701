; Virtual methods of two classes with the same code, reached through their
; vtables, and recursing through `this`'s vtable: the methods fold, and both
; vtables point at the survivor. The vtables themselves are data and keep
; their identity, so @use1 and @use2, which name different vtables, stay
; apart.
; RUN: %opt-merge -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT

; PRINT: selected function A_get
; PRINT-NEXT: removing identical function B_get (erased)
; PRINT-NOT: removing identical function use2

; CHECK: @vtA = internal unnamed_addr constant [1 x ptr] [ptr @A_get]
; CHECK: @vtB = internal unnamed_addr constant [1 x ptr] [ptr @A_get]
; CHECK-NOT: define internal i32 @B_get
; CHECK: define i32 @use2

@vtA = internal unnamed_addr constant [1 x ptr] [ptr @A_get]
@vtB = internal unnamed_addr constant [1 x ptr] [ptr @B_get]

define internal i32 @A_get(ptr %this, i32 %n) unnamed_addr {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %vt = load ptr, ptr %this
  %fn = load ptr, ptr %vt
  %m = sub i32 %n, 1
  %r = call i32 %fn(ptr %this, i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
done:
  ret i32 7
}

define internal i32 @B_get(ptr %this, i32 %n) unnamed_addr {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %vt = load ptr, ptr %this
  %fn = load ptr, ptr %vt
  %m = sub i32 %n, 1
  %r = call i32 %fn(ptr %this, i32 %m)
  %s = add i32 %r, 2
  ret i32 %s
done:
  ret i32 7
}

define i32 @use1(ptr %obj) {
  store ptr @vtA, ptr %obj
  %r = call i32 @A_get(ptr %obj, i32 3)
  ret i32 %r
}

define i32 @use2(ptr %obj) {
  store ptr @vtB, ptr %obj
  %r = call i32 @B_get(ptr %obj, i32 3)
  ret i32 %r
}
