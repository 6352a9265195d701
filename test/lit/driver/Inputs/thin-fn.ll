; thin_fn, called by full-twins.ll; tests compile it for ThinLTO.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @thin_fn(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}
