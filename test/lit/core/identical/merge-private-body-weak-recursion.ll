; Self-recursive calls are equal in callee position, but once the shared body
; moves to a private copy, its recursive call must not keep naming one weak
; member. Here @f and @g are weak and recursive. If the private body still
; called @f, then @g's callers would reach @f's symbol on every recursion,
; and a strong definition of @f (linker or loader interposition) would
; replace @g's recursion: a call into an interposable body that the input
; never made. Correct outcomes: no fold (@g still recurses into @g), or a
; body whose recursion calls the private body itself.
; RUN: %opt-merge -S %s -o %t.ll
; RUN: grep -q "call i32 @g(i32 %d)" %t.ll || not grep -q "call i32 @f(i32 %d)" %t.ll

define weak i32 @f(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %done, label %rec
rec:
  %d = sub i32 %x, 1
  %r = call i32 @f(i32 %d)
  %s = add i32 %r, %x
  ret i32 %s
done:
  ret i32 0
}

define weak i32 @g(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %done, label %rec
rec:
  %d = sub i32 %x, 1
  %r = call i32 @g(i32 %d)
  %s = add i32 %r, %x
  ret i32 %s
done:
  ret i32 0
}
