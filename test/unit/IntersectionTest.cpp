//===- IntersectionTest.cpp - The survivor keeps only shared facts --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Functions that differ only in optimizer facts compare equal, and folding
// them must leave the survivor with facts that hold for every member: a fact
// proven only for the survivor's callers is undefined behaviour for the
// folded member's callers. Each test merges an external @a with an internal
// unnamed_addr twin @b (so @a survives and @b is erased) and checks the
// exact annotations @a ends up with: flags intersected, `!range` unioned,
// `dereferenceable` and `align` lowered to the minimum, `nonnull` and
// `noundef` dropped unless both have them, `!tbaa` generalized to the common
// ancestor, alias scopes widened, fast-math flags intersected, and the
// function alignment raised to the maximum. The last test follows a call
// path through a caller folded by partition refinement: the callee it now
// reaches must not assume more than the one it used to reach.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <tuple>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

/// Parses Text, checks that @a and @b are equal and share a hash, merges,
/// and checks that @b was erased into @a. Keeps the context alive.
struct MergedTwins {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  Function *A = nullptr;

  explicit MergedTwins(StringRef Text, unsigned Members = 2) {
    M = parseIR(Ctx, Text);
    if (!M)
      return;
    {
      ModuleEncoder E(*M);
      Function *FA = fn(*M, "a"), *FB = fn(*M, "b");
      if (!FA || !FB)
        return;
      EXPECT_EQ(E.compare(*FA, *FB), 0) << "twins must compare equal";
      EXPECT_EQ(E.hash(*FA), E.hash(*FB));
    }
    std::optional<MergeResult> R = merge(*M);
    if (!R)
      return;
    EXPECT_EQ(R->Groups.size(), 1u);
    if (R->Groups.size() != 1)
      return;
    const FoldGroup &G = R->Groups[0];
    EXPECT_EQ(G.KeptMember, "a");
    EXPECT_EQ(G.KeptBody, "a");
    EXPECT_EQ(G.Members.size(), Members - 1);
    for (const FoldedMember &FM : G.Members)
      EXPECT_EQ(FM.Action, FoldAction::Erased) << FM.Name;
    EXPECT_FALSE(M->getFunction("b"));
    A = fn(*M, "a");
  }

  Instruction *inst(StringRef Name) const {
    for (Instruction &I : instructions(*A))
      if (I.getName() == Name)
        return &I;
    ADD_FAILURE() << "no %" << Name.str() << " in\n" << printFunction(*A);
    return nullptr;
  }
};

TEST(Intersection, PoisonFlagsAreIntersected) {
  MergedTwins T(R"(
define i32 @a(i32 %x, ptr %p, i64 %i) {
  %v1 = add nuw nsw i32 %x, 1
  %v2 = sub nuw i32 %v1, 2
  %v3 = udiv exact i32 %v2, 3
  %v4 = or disjoint i32 %v3, 1
  %v5 = zext nneg i32 %v4 to i64
  %v6 = icmp samesign ult i64 %v5, %i
  %v7 = getelementptr inbounds nuw i8, ptr %p, i64 %v5
  %v8 = trunc nuw nsw i64 %v5 to i32
  %v9 = mul nsw i32 %v8, 3
  store i32 %v9, ptr %v7
  %r = select i1 %v6, i32 %v9, i32 %v4
  ret i32 %r
}
define internal i32 @b(i32 %x, ptr %p, i64 %i) unnamed_addr {
  %v1 = add nsw i32 %x, 1
  %v2 = sub nsw i32 %v1, 2
  %v3 = udiv i32 %v2, 3
  %v4 = or disjoint i32 %v3, 1
  %v5 = zext i32 %v4 to i64
  %v6 = icmp ult i64 %v5, %i
  %v7 = getelementptr nuw i8, ptr %p, i64 %v5
  %v8 = trunc nsw i64 %v5 to i32
  %v9 = mul nuw nsw i32 %v8, 3
  store i32 %v9, ptr %v7
  %r = select i1 %v6, i32 %v9, i32 %v4
  ret i32 %r
}
define i32 @user(ptr %p) {
  %r = call i32 @b(i32 1, ptr %p, i64 2)
  ret i32 %r
}
)");
  ASSERT_TRUE(T.A);
  auto *V1 = cast<OverflowingBinaryOperator>(T.inst("v1"));
  EXPECT_TRUE(V1->hasNoSignedWrap());
  EXPECT_FALSE(V1->hasNoUnsignedWrap());
  auto *V2 = cast<OverflowingBinaryOperator>(T.inst("v2"));
  EXPECT_FALSE(V2->hasNoSignedWrap());
  EXPECT_FALSE(V2->hasNoUnsignedWrap());
  EXPECT_FALSE(T.inst("v3")->isExact());
  EXPECT_TRUE(cast<PossiblyDisjointInst>(T.inst("v4"))->isDisjoint());
  EXPECT_FALSE(T.inst("v5")->hasNonNeg());
  EXPECT_FALSE(cast<ICmpInst>(T.inst("v6"))->hasSameSign());
  auto *V7 = cast<GetElementPtrInst>(T.inst("v7"));
  EXPECT_FALSE(V7->isInBounds());
  EXPECT_TRUE(V7->hasNoUnsignedWrap());
  auto *V8 = cast<TruncInst>(T.inst("v8"));
  EXPECT_TRUE(V8->hasNoSignedWrap());
  EXPECT_FALSE(V8->hasNoUnsignedWrap());
  auto *V9 = cast<OverflowingBinaryOperator>(T.inst("v9"));
  EXPECT_TRUE(V9->hasNoSignedWrap());
  EXPECT_FALSE(V9->hasNoUnsignedWrap());
  // The caller of the erased twin now calls the survivor.
  auto *Call = cast<CallInst>(&fn(*T.M, "user")->front().front());
  EXPECT_EQ(Call->getCalledOperand(), T.A);
}

TEST(Intersection, FastMathFlagsAreIntersected) {
  MergedTwins T(R"(
define i1 @a(double %x) {
  %f1 = fadd fast double %x, 1.0
  %f2 = fmul nsz arcp double %f1, %x
  %f3 = fdiv double %f2, 3.0
  %c = fcmp nnan olt double %f3, 0.0
  ret i1 %c
}
define internal i1 @b(double %x) unnamed_addr {
  %f1 = fadd nnan ninf double %x, 1.0
  %f2 = fmul arcp contract double %f1, %x
  %f3 = fdiv fast double %f2, 3.0
  %c = fcmp olt double %f3, 0.0
  ret i1 %c
}
)");
  ASSERT_TRUE(T.A);
  FastMathFlags F1 = T.inst("f1")->getFastMathFlags();
  EXPECT_TRUE(F1.noNaNs() && F1.noInfs());
  EXPECT_FALSE(F1.noSignedZeros() || F1.allowReassoc() ||
               F1.allowReciprocal() || F1.allowContract() || F1.approxFunc());
  FastMathFlags F2 = T.inst("f2")->getFastMathFlags();
  EXPECT_TRUE(F2.allowReciprocal());
  EXPECT_FALSE(F2.noSignedZeros() || F2.allowContract() || F2.noNaNs());
  EXPECT_FALSE(T.inst("f3")->getFastMathFlags().any());
  EXPECT_FALSE(T.inst("c")->getFastMathFlags().any());
}

std::vector<int64_t> rangeBounds(const Instruction *I) {
  std::vector<int64_t> Bounds;
  if (MDNode *MD = I->getMetadata(LLVMContext::MD_range))
    for (const MDOperand &Op : MD->operands())
      Bounds.push_back(
          mdconst::extract<ConstantInt>(Op)->getValue().getSExtValue());
  return Bounds;
}

TEST(Intersection, RangeMetadataIsUnioned) {
  MergedTwins T(R"(
define i32 @a(ptr %p) {
  %l1 = load i32, ptr %p, !range !0
  %l2 = load i32, ptr %p, !range !0
  %l3 = load i32, ptr %p, !range !0
  %l4 = load i32, ptr %p
  %s1 = add i32 %l1, %l2
  %s2 = add i32 %l3, %l4
  %s = add i32 %s1, %s2
  ret i32 %s
}
define internal i32 @b(ptr %p) unnamed_addr {
  %l1 = load i32, ptr %p, !range !1
  %l2 = load i32, ptr %p, !range !2
  %l3 = load i32, ptr %p
  %l4 = load i32, ptr %p, !range !0
  %s1 = add i32 %l1, %l2
  %s2 = add i32 %l3, %l4
  %s = add i32 %s1, %s2
  ret i32 %s
}
!0 = !{i32 0, i32 10}
!1 = !{i32 20, i32 30}
!2 = !{i32 5, i32 20}
)");
  ASSERT_TRUE(T.A);
  EXPECT_EQ(rangeBounds(T.inst("l1")), (std::vector<int64_t>{0, 10, 20, 30}));
  EXPECT_EQ(rangeBounds(T.inst("l2")), (std::vector<int64_t>{0, 20}));
  EXPECT_TRUE(rangeBounds(T.inst("l3")).empty());
  EXPECT_TRUE(rangeBounds(T.inst("l4")).empty());
}

TEST(Intersection, ParameterAndReturnAttributes) {
  MergedTwins T(R"(
declare void @use(ptr, ptr, ptr, ptr, ptr, i32, ptr)
define nonnull dereferenceable(32) ptr @a(ptr dereferenceable(16) %p, ptr dereferenceable(8) %q, ptr nonnull %r, ptr nonnull noundef %s, ptr align 16 %t, i32 noundef range(i32 0, 10) %x, ptr dereferenceable_or_null(32) %u) {
  call void @use(ptr %p, ptr %q, ptr %r, ptr %s, ptr %t, i32 %x, ptr %u)
  ret ptr %p
}
define internal dereferenceable(16) ptr @b(ptr dereferenceable(8) %p, ptr %q, ptr %r, ptr nonnull noundef %s, ptr align 8 %t, i32 range(i32 20, 30) %x, ptr dereferenceable_or_null(16) %u) unnamed_addr {
  call void @use(ptr %p, ptr %q, ptr %r, ptr %s, ptr %t, i32 %x, ptr %u)
  ret ptr %p
}
)");
  ASSERT_TRUE(T.A);
  const Function &A = *T.A;
  EXPECT_EQ(A.getParamDereferenceableBytes(0), 8u);
  EXPECT_EQ(A.getParamDereferenceableBytes(1), 0u);
  EXPECT_FALSE(A.hasParamAttribute(2, Attribute::NonNull));
  EXPECT_TRUE(A.hasParamAttribute(3, Attribute::NonNull));
  EXPECT_TRUE(A.hasParamAttribute(3, Attribute::NoUndef));
  EXPECT_EQ(A.getParamAlign(4), MaybeAlign(8));
  EXPECT_FALSE(A.hasParamAttribute(5, Attribute::NoUndef));
  Attribute Range = A.getParamAttribute(5, Attribute::Range);
  ASSERT_TRUE(Range.isValid());
  EXPECT_EQ(Range.getRange().getLower().getZExtValue(), 0u);
  EXPECT_EQ(Range.getRange().getUpper().getZExtValue(), 30u);
  EXPECT_EQ(A.getParamDereferenceableOrNullBytes(6), 16u);
  EXPECT_FALSE(A.hasRetAttribute(Attribute::NonNull));
  EXPECT_EQ(A.getAttributes().getRetDereferenceableBytes(), 16u);
}

TEST(Intersection, TbaaIsGeneralizedToTheCommonAncestor) {
  MergedTwins T(R"(
define i32 @a(ptr %p, ptr %q) {
  %l1 = load i32, ptr %p, !tbaa !5
  store i32 %l1, ptr %q, !tbaa !7
  %l2 = load i32, ptr %q, !tbaa !5
  %s = add i32 %l1, %l2
  ret i32 %s
}
define internal i32 @b(ptr %p, ptr %q) unnamed_addr {
  %l1 = load i32, ptr %p, !tbaa !6
  store i32 %l1, ptr %q, !tbaa !7
  %l2 = load i32, ptr %q
  %s = add i32 %l1, %l2
  ret i32 %s
}
!0 = !{!"test tbaa root"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!4 = !{!"long", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
!7 = !{!4, !4, i64 0}
)");
  ASSERT_TRUE(T.A);
  auto TypeName = [](const MDNode *Tag, unsigned Op) {
    return cast<MDString>(cast<MDNode>(Tag->getOperand(Op))->getOperand(0))
        ->getString();
  };
  MDNode *L1 = T.inst("l1")->getMetadata(LLVMContext::MD_tbaa);
  ASSERT_TRUE(L1);
  EXPECT_EQ(TypeName(L1, 0), "omnipotent char");
  EXPECT_EQ(TypeName(L1, 1), "omnipotent char");
  auto *Store = cast<StoreInst>(T.inst("l1")->getNextNode());
  MDNode *St = Store->getMetadata(LLVMContext::MD_tbaa);
  ASSERT_TRUE(St);
  EXPECT_EQ(TypeName(St, 0), "long");
  EXPECT_FALSE(T.inst("l2")->getMetadata(LLVMContext::MD_tbaa));
}

TEST(Intersection, NonnullAndNoundefDroppedUnlessShared) {
  MergedTwins T(R"(
declare i32 @ext(i32)
define i32 @a(ptr %p, i32 %x) {
  %l1 = load ptr, ptr %p, !nonnull !0, !noundef !0
  %l2 = load ptr, ptr %l1, !nonnull !0
  %c = call noundef i32 @ext(i32 noundef %x)
  store ptr %l2, ptr %p
  ret i32 %c
}
define internal i32 @b(ptr %p, i32 %x) unnamed_addr {
  %l1 = load ptr, ptr %p, !nonnull !0
  %l2 = load ptr, ptr %l1
  %c = call i32 @ext(i32 %x)
  store ptr %l2, ptr %p
  ret i32 %c
}
!0 = !{}
)");
  ASSERT_TRUE(T.A);
  EXPECT_TRUE(T.inst("l1")->getMetadata(LLVMContext::MD_nonnull));
  EXPECT_FALSE(T.inst("l1")->getMetadata(LLVMContext::MD_noundef));
  EXPECT_FALSE(T.inst("l2")->getMetadata(LLVMContext::MD_nonnull));
  auto *Call = cast<CallInst>(T.inst("c"));
  EXPECT_FALSE(Call->hasRetAttr(Attribute::NoUndef));
  EXPECT_FALSE(Call->paramHasAttr(0, Attribute::NoUndef));
}

TEST(Intersection, AliasScopesAreWidened) {
  MergedTwins T(R"(
define i32 @a(ptr %p, ptr %q) {
  %l = load i32, ptr %p, !alias.scope !3, !noalias !4
  store i32 %l, ptr %q, !alias.scope !4, !noalias !3
  ret i32 %l
}
define internal i32 @b(ptr %p, ptr %q) unnamed_addr {
  %l = load i32, ptr %p, !alias.scope !4, !noalias !3
  store i32 %l, ptr %q, !alias.scope !3, !noalias !4
  ret i32 %l
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"s1"}
!2 = distinct !{!2, !0, !"s2"}
!3 = !{!1}
!4 = !{!2}
)");
  ASSERT_TRUE(T.A);
  Instruction *Load = T.inst("l");
  MDNode *Scopes = Load->getMetadata(LLVMContext::MD_alias_scope);
  ASSERT_TRUE(Scopes);
  EXPECT_EQ(Scopes->getNumOperands(), 2u);
  // Neither scope may still be claimed not to alias: each is in one twin's
  // own scope list.
  if (MDNode *NoAlias = Load->getMetadata(LLVMContext::MD_noalias)) {
    EXPECT_EQ(NoAlias->getNumOperands(), 0u);
  }
}

TEST(Intersection, FunctionAlignmentTakesTheMaximum) {
  for (auto [AlignA, AlignB, Expected] :
       {std::tuple<const char *, const char *, unsigned>{"align 4", "align 16",
                                                         16},
        {"align 16", "align 4", 16},
        {"", "align 32", 32}}) {
    SCOPED_TRACE(std::string(AlignA) + " / " + AlignB);
    MergedTwins T(std::string("define i32 @a(i32 %x) ") + AlignA +
                  " {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"
                  "define internal i32 @b(i32 %x) unnamed_addr " +
                  AlignB + " {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n");
    ASSERT_TRUE(T.A);
    EXPECT_EQ(T.A->getAlign(), MaybeAlign(Expected));
  }
}

// The private-body path (no exact member) must also give the body the
// largest alignment of all members.
TEST(Intersection, PrivateBodyTakesTheMaximumAlignment) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
define linkonce_odr i32 @g(i32 %x) align 64 {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
define weak_odr i32 @s(i32 %x) align 8 {
  %y = add i32 %x, 1
  %z = mul i32 %y, 3
  ret i32 %z
}
)");
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Groups.size(), 1u);
  Function *Body = fn(*M, R->Groups[0].KeptBody);
  ASSERT_TRUE(Body);
  EXPECT_EQ(Body->getAlign(), MaybeAlign(64));
}

TEST(Intersection, ThreeMembers) {
  MergedTwins T(R"(
define i32 @a(ptr dereferenceable(16) %p) {
  %l = load i32, ptr %p
  %v = add nuw nsw i32 %l, 1
  ret i32 %v
}
define internal i32 @b(ptr dereferenceable(8) %p) unnamed_addr {
  %l = load i32, ptr %p
  %v = add nuw i32 %l, 1
  ret i32 %v
}
define internal i32 @c(ptr dereferenceable(32) %p) unnamed_addr {
  %l = load i32, ptr %p
  %v = add nsw i32 %l, 1
  ret i32 %v
}
)",
                /*Members=*/3);
  ASSERT_TRUE(T.A);
  EXPECT_EQ(T.A->getParamDereferenceableBytes(0), 8u);
  auto *V = cast<OverflowingBinaryOperator>(T.inst("v"));
  EXPECT_FALSE(V->hasNoSignedWrap());
  EXPECT_FALSE(V->hasNoUnsignedWrap());
}

TEST(Intersection, FunctionAttributes) {
  MergedTwins T(R"(
define i32 @a(ptr %p) memory(read) nounwind {
  %l = load i32, ptr %p
  %v = add i32 %l, 1
  ret i32 %v
}
define internal i32 @b(ptr %p) unnamed_addr memory(argmem: read) {
  %l = load i32, ptr %p
  %v = add i32 %l, 1
  ret i32 %v
}
)");
  ASSERT_TRUE(T.A);
  EXPECT_EQ(T.A->getMemoryEffects(), MemoryEffects::readOnly());
  EXPECT_FALSE(T.A->hasFnAttribute(Attribute::NoUnwind));
}

} // namespace

// Partition refinement folds @x1 into @x0 because their callees @y1 and @y0
// are in one class. @x1's callers then reach @y0's body, so @y0 may keep a
// fact only if it also held for @y1, even when @y1 itself cannot be folded
// (here: a varargs function with a significant address gets no thunk).
TEST(Intersection, CalleeReachedThroughAFoldedCallerKeepsNoStrongerFacts) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
define i32 @y0(i32 range(i32 0, 10) %a, ...) {
  %w = add i32 %a, 1
  %z = mul i32 %w, 3
  ret i32 %z
}
define i32 @y1(i32 %a, ...) {
  %w = add i32 %a, 1
  %z = mul i32 %w, 3
  ret i32 %z
}
define i32 @x0(i32 %a) {
  %r = call i32 (i32, ...) @y0(i32 %a)
  %s = add i32 %r, 2
  ret i32 %s
}
define internal i32 @x1(i32 %a) unnamed_addr {
  %r = call i32 (i32, ...) @y1(i32 %a)
  %s = add i32 %r, 2
  ret i32 %s
}
define i32 @user() {
  %r = call i32 @x1(i32 100)
  ret i32 %r
}
)");
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  // Follow @user's call of 100 down to the body that receives it.
  auto *Outer = cast<CallInst>(&fn(*M, "user")->front().front());
  auto *Mid = cast<Function>(Outer->getCalledOperand());
  auto *Inner = cast<CallInst>(&Mid->front().front());
  auto *Leaf = cast<Function>(Inner->getCalledOperand());
  EXPECT_FALSE(Leaf->getParamAttribute(0, Attribute::Range).isValid())
      << "@user passes 100 to @" << Leaf->getName().str()
      << ", whose range(0, 10) now makes it poison\n"
      << printModule(*M);
}
