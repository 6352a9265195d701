//===- HashTest.cpp - Equal functions always share a hash -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mergeModule only compares functions that land in the same hash bucket, so a
// pair the comparator calls equal but that hashes differently is a merge
// silently missed. We check compare == 0 => hash equality on twins that
// differ only in intersectable annotations (written by hand, one per
// annotation) and on every equal pair of the generated families. The hash
// must also not depend on the context the module was parsed into, and must
// tell apart functions that differ (collisions are legal but a hash that
// lumps different functions together defeats the buckets).
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"
#include "TestIR.h"

#include <set>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

struct Twins {
  const char *What;
  const char *A; // body of @a, with its signature
  const char *B; // body of @b
};

// Each pair differs only in annotations that AnnotationPolicy calls
// intersectable or ignorable.
const Twins AnnotationTwins[] = {
    {"nsw/nuw", "i32 @a(i32 %x) { %y = add nuw nsw i32 %x, 1\n ret i32 %y }",
     "i32 @b(i32 %x) { %y = add i32 %x, 1\n ret i32 %y }"},
    {"exact", "i32 @a(i32 %x) { %y = udiv exact i32 %x, 3\n ret i32 %y }",
     "i32 @b(i32 %x) { %y = udiv i32 %x, 3\n ret i32 %y }"},
    {"disjoint", "i32 @a(i32 %x) { %y = or disjoint i32 %x, 1\n ret i32 %y }",
     "i32 @b(i32 %x) { %y = or i32 %x, 1\n ret i32 %y }"},
    {"nneg", "i64 @a(i32 %x) { %y = zext nneg i32 %x to i64\n ret i64 %y }",
     "i64 @b(i32 %x) { %y = zext i32 %x to i64\n ret i64 %y }"},
    {"samesign",
     "i1 @a(i32 %x, i32 %y) { %c = icmp samesign ult i32 %x, %y\n ret i1 %c }",
     "i1 @b(i32 %x, i32 %y) { %c = icmp ult i32 %x, %y\n ret i1 %c }"},
    {"inbounds",
     "ptr @a(ptr %p, i64 %i) { %q = getelementptr inbounds nuw i32, ptr %p, "
     "i64 %i\n ret ptr %q }",
     "ptr @b(ptr %p, i64 %i) { %q = getelementptr i32, ptr %p, i64 %i\n ret "
     "ptr %q }"},
    {"fast-math",
     "double @a(double %x) { %y = fadd fast double %x, 1.0\n ret double %y }",
     "double @b(double %x) { %y = fadd nnan double %x, 1.0\n ret double %y }"},
    {"tbaa", "i32 @a(ptr %p) { %v = load i32, ptr %p, !tbaa !5\n ret i32 %v }",
     "i32 @b(ptr %p) { %v = load i32, ptr %p, !tbaa !6\n ret i32 %v }"},
    {"range",
     "i32 @a(ptr %p) { %v = load i32, ptr %p, !range !16\n ret i32 %v }",
     "i32 @b(ptr %p) { %v = load i32, ptr %p\n ret i32 %v }"},
    {"nonnull metadata",
     "ptr @a(ptr %p) { %v = load ptr, ptr %p, !nonnull !{}\n ret ptr %v }",
     "ptr @b(ptr %p) { %v = load ptr, ptr %p\n ret ptr %v }"},
    {"noundef metadata",
     "ptr @a(ptr %p) { %v = load ptr, ptr %p, !noundef !{}\n ret ptr %v }",
     "ptr @b(ptr %p) { %v = load ptr, ptr %p\n ret ptr %v }"},
    {"param attributes",
     "i32 @a(ptr noundef nonnull align 8 dereferenceable(16) %p) { %v = load "
     "i32, ptr %p\n ret i32 %v }",
     "i32 @b(ptr dereferenceable(4) %p) { %v = load i32, ptr %p\n ret i32 %v "
     "}"},
    {"return attributes",
     "noundef nonnull ptr @a(ptr %p) { %v = load ptr, ptr %p\n ret ptr %v }",
     "ptr @b(ptr %p) { %v = load ptr, ptr %p\n ret ptr %v }"},
    {"call-site attributes",
     "i32 @a(i32 %x) { %v = call noundef i32 @ext0.i32(i32 noundef %x)\n ret "
     "i32 %v }",
     "i32 @b(i32 %x) { %v = call i32 @ext0.i32(i32 %x)\n ret i32 %v }"},
    {"alias scopes",
     "i32 @a(ptr %p) { %v = load i32, ptr %p, !alias.scope !40, !noalias "
     "!40\n ret i32 %v }",
     "i32 @b(ptr %p) { %v = load i32, ptr %p\n ret i32 %v }"},
    {"invariant.load and annotation",
     "i32 @a(ptr %p) { %v = load i32, ptr %p, !invariant.load !{}, !annotation "
     "!43\n ret i32 %v }",
     "i32 @b(ptr %p) { %v = load i32, ptr %p\n ret i32 %v }"},
    {"function alignment", "i32 @a(i32 %x) align 64 { ret i32 %x }",
     "i32 @b(i32 %x) align 4 { ret i32 %x }"},
    {"nounwind", "i32 @a(i32 %x) nounwind { ret i32 %x }",
     "i32 @b(i32 %x) { ret i32 %x }"},
    // Inert without EH pads: code generation does not emit it.
    {"C++ personality without EH pads",
     "void @a() personality ptr @__gxx_personality_v0 { call void "
     "@ext.void()\n ret void }",
     "void @b() { call void @ext.void()\n ret void }"},
    // Without type tests nothing reads !type any more.
    {"!type without type tests",
     "void @a() !type !44 { call void @ext.void()\n ret void }",
     "void @b() { call void @ext.void()\n ret void }"},
};

const char *const ExtraMetadata = R"(
!40 = !{!41}
!41 = distinct !{!41, !42}
!42 = distinct !{!42}
!43 = !{!"lmf"}
!44 = !{i64 0, !"typeid"}
declare void @ext.void()
declare i32 @__gxx_personality_v0(...)
)";

TEST(Hash, TwinsDifferingOnlyInIntersectableAnnotations) {
  for (const Twins &T : AnnotationTwins) {
    SCOPED_TRACE(T.What);
    LLVMContext Ctx;
    std::string Text = renderPreamble() + ExtraMetadata + "define " + T.A +
                       "\ndefine " + T.B + "\n";
    auto M = parseIR(Ctx, Text);
    ASSERT_TRUE(M);
    ModuleEncoder E(*M);
    const Function &A = *fn(*M, "a"), &B = *fn(*M, "b");
    EXPECT_EQ(E.compare(A, B), 0);
    EXPECT_EQ(E.hash(A), E.hash(B));
    EXPECT_EQ(shapeHashes(A, E.Globals).ShapeAndOperands,
              shapeHashes(B, E.Globals).ShapeAndOperands);
  }
}

TEST(Hash, EqualGeneratedFunctionsHashEqualAndDifferentOnesRarelyCollide) {
  LLVMContext Ctx;
  FunctionPool Pool = buildFunctionPool(0x4a54, 30, 12);
  auto M = parseIR(Ctx, Pool.Text);
  ASSERT_TRUE(M);
  ModuleEncoder E(*M);
  std::vector<const Function *> Fns;
  std::vector<uint64_t> Hashes;
  std::vector<ShapeHashes> Shapes;
  for (const PoolMember &P : Pool.Members) {
    Fns.push_back(fn(*M, P.Name));
    Hashes.push_back(E.hash(*Fns.back()));
    Shapes.push_back(shapeHashes(*Fns.back(), E.Globals));
  }
  unsigned EqualPairs = 0;
  for (size_t I = 0; I < Fns.size(); ++I)
    for (size_t J = I + 1; J < Fns.size(); ++J) {
      if (E.compare(*Fns[I], *Fns[J]) != 0)
        continue;
      ++EqualPairs;
      EXPECT_EQ(Hashes[I], Hashes[J])
          << "@" << Pool.Members[I].Name << " == @" << Pool.Members[J].Name;
      // The prefilters too, or the pair is never compared.
      EXPECT_EQ(Shapes[I].Shape, Shapes[J].Shape) << Pool.Members[I].Name;
      EXPECT_EQ(Shapes[I].ShapeAndOperands, Shapes[J].ShapeAndOperands)
          << "@" << Pool.Members[I].Name << " == @" << Pool.Members[J].Name;
    }
  EXPECT_GT(EqualPairs, 200u);

  // 64-bit hashes of a few hundred distinct encodings: a collision would
  // mean the hash ignores part of what the comparator reads.
  std::set<Encoding> Encodings;
  std::set<uint64_t> DistinctHashes(Hashes.begin(), Hashes.end());
  for (const Function *F : Fns)
    Encodings.insert(E.encode(*F));
  EXPECT_EQ(DistinctHashes.size(), Encodings.size());
  EXPECT_GT(Encodings.size(), 150u);
}

// Partition refinement compares calls and addresses of functions by class,
// so the finer hash must not read which function is referenced: twins that
// differ only there stay in one bucket. What the skeleton writes as it is
// (an integer constant, a predicate, a bit width, a global variable) splits
// the finer hash and leaves the coarse one alone.
TEST(Hash, ShapeAndOperandsReadsValuesButNotFunctions) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
@g1 = global i32 0
@g2 = global i32 0
define internal i32 @f1(i32 %x) { ret i32 %x }
define internal i32 @f2(i32 %x) { ret i32 %x }
define i32 @call1(i32 %x) { %r = call i32 @f1(i32 %x)
  ret i32 %r }
define i32 @call2(i32 %x) { %r = call i32 @f2(i32 %x)
  ret i32 %r }
define ptr @addr1() { ret ptr @f1 }
define ptr @addr2() { ret ptr @f2 }
define i32 @add1(i32 %x) { %y = add i32 %x, 1
  ret i32 %y }
define i32 @add2(i32 %x) { %y = add i32 %x, 2
  ret i32 %y }
define i1 @ult(i32 %x, i32 %y) { %c = icmp ult i32 %x, %y
  ret i1 %c }
define i1 @slt(i32 %x, i32 %y) { %c = icmp slt i32 %x, %y
  ret i1 %c }
define i32 @trunc32(i64 %x) { %y = trunc i64 %x to i32
  ret i32 %y }
define i16 @trunc16(i64 %x) { %y = trunc i64 %x to i16
  ret i16 %y }
define i32 @load1() { %v = load i32, ptr @g1
  ret i32 %v }
define i32 @load2() { %v = load i32, ptr @g2
  ret i32 %v }
)");
  ASSERT_TRUE(M);
  GlobalNumbering Globals(*M);
  auto Hashes = [&](StringRef Name) {
    return shapeHashes(*fn(*M, Name), Globals);
  };
  for (auto [A, B] : {std::pair{"call1", "call2"}, {"addr1", "addr2"}}) {
    SCOPED_TRACE(std::string(A) + " " + B);
    EXPECT_EQ(Hashes(A).ShapeAndOperands, Hashes(B).ShapeAndOperands);
  }
  for (auto [A, B] :
       {std::pair{"add1", "add2"}, {"ult", "slt"}, {"load1", "load2"}}) {
    SCOPED_TRACE(std::string(A) + " " + B);
    EXPECT_EQ(Hashes(A).Shape, Hashes(B).Shape);
    EXPECT_NE(Hashes(A).ShapeAndOperands, Hashes(B).ShapeAndOperands);
  }
  EXPECT_NE(Hashes("trunc32").ShapeAndOperands,
            Hashes("trunc16").ShapeAndOperands);
  EXPECT_EQ(Hashes("add1").Instructions, 2u);
}

// The same text parsed into two contexts hashes the same: hashes depend on
// module order and content, never on pointers or context-local IDs that
// differ between runs.
TEST(Hash, IndependentOfTheContext) {
  FunctionPool Pool = buildFunctionPool(0x77, 10, 6);
  LLVMContext C1, C2;
  auto M1 = parseIR(C1, Pool.Text);
  // A different kind registration order in the second context.
  C2.getMDKindID("lmf.some.other.kind");
  auto M2 = parseIR(C2, Pool.Text);
  ASSERT_TRUE(M1 && M2);
  ModuleEncoder E1(*M1), E2(*M2);
  for (const PoolMember &P : Pool.Members)
    EXPECT_EQ(E1.hash(*fn(*M1, P.Name)), E2.hash(*fn(*M2, P.Name))) << P.Name;
}

} // namespace
