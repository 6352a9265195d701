; Seed: vectors, shuffles, atomics and fences in twins with annotations.
define <4 x i32> @v1(<4 x i32> %a, <4 x i32> %b, ptr %p) {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %m = mul nuw <4 x i32> %s, <i32 3, i32 3, i32 3, i32 3>
  %old = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  fence acquire
  %v = load atomic i32, ptr %p acquire, align 4
  %i = insertelement <4 x i32> %m, i32 %v, i32 1
  ret <4 x i32> %i
}

define internal <4 x i32> @v2(<4 x i32> %a, <4 x i32> %b, ptr %p) unnamed_addr {
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %m = mul <4 x i32> %s, <i32 3, i32 3, i32 3, i32 3>
  %old = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  fence acquire
  %v = load atomic i32, ptr %p acquire, align 4
  %i = insertelement <4 x i32> %m, i32 %v, i32 1
  ret <4 x i32> %i
}

define <4 x i32> @user(<4 x i32> %a, ptr %p) {
  %x = call <4 x i32> @v1(<4 x i32> %a, <4 x i32> %a, ptr %p)
  %y = call <4 x i32> @v2(<4 x i32> %x, <4 x i32> %a, ptr %p)
  ret <4 x i32> %y
}
