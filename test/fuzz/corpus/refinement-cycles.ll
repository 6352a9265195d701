; Seed: two cycles of equal functions (ping/pong), with tables of pointers,
; llvm.used and an alias, so that refinement, address significance and
; callers in later rounds all come into play.
@table = global [2 x ptr] [ptr @ping1, ptr @ping2]
@alias1 = alias i32 (i32), ptr @pong1
@llvm.used = appending global [1 x ptr] [ptr @pong2], section "llvm.metadata"

define i32 @ping1(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %m = sub nsw i32 %n, 1
  %r = call i32 @pong1(i32 %m)
  ret i32 %r
done:
  ret i32 7
}

define i32 @pong1(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping1(i32 %m)
  %s = mul i32 %r, 3
  ret i32 %s
done:
  ret i32 5
}

define i32 @ping2(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
done:
  ret i32 7
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong2(i32 %m)
  ret i32 %r
}

define i32 @pong2(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %s = mul nuw i32 %r, 3
  ret i32 %s
done:
  ret i32 5
}

define i32 @main() {
  %a = call i32 @ping1(i32 4)
  %b = call i32 @ping2(i32 4)
  %c = call i32 @alias1(i32 %a)
  %s = add i32 %b, %c
  ret i32 %s
}
