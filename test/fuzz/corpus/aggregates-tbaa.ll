; Seed: struct types, GEPs, memcpy, select and TBAA on twins.
%pair = type { i32, [4 x i16] }

declare void @llvm.memcpy.p0.p0.i64(ptr noalias, ptr noalias, i64, i1 immarg)

define i32 @a1(ptr noundef nonnull dereferenceable(16) %p, ptr %q, i1 %c) {
  %f = getelementptr inbounds %pair, ptr %p, i64 0, i32 1, i64 2
  %v = load i16, ptr %f, align 2, !tbaa !0
  %w = zext nneg i16 %v to i32
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 12, i1 false)
  %s = select i1 %c, i32 %w, i32 42
  %o = or disjoint i32 %s, 65536
  ret i32 %o
}

define internal i32 @a2(ptr dereferenceable(12) %p, ptr %q, i1 %c) {
  %f = getelementptr %pair, ptr %p, i64 0, i32 1, i64 2
  %v = load i16, ptr %f, align 2
  %w = zext i16 %v to i32
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 12, i1 false)
  %s = select i1 %c, i32 %w, i32 42
  %o = or i32 %s, 65536
  ret i32 %o
}

define i32 @use(ptr %p, ptr %q) {
  %x = call i32 @a1(ptr %p, ptr %q, i1 true)
  %y = call i32 @a2(ptr %p, ptr %q, i1 false)
  %z = add i32 %x, %y
  ret i32 %z
}

!0 = !{!1, !1, i64 0}
!1 = !{!"short", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
