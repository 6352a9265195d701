//===- AnnotationTableTest.cpp - Test table agrees with the policy --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fuzzers, the generators and their oracles learn from one table
// (test/support/AnnotationTable.h) which annotations the merger sees
// through. That table is only worth something if it says what the merger
// does, so here it is held to core/equality/AnnotationPolicy.h in both directions:
//
//  * every metadata kind LLVM fixes, and every attribute kind, has the same
//    role in the table as in the policy: each entry is right, and no kind
//    the policy does not compare is missing from the table;
//  * the ignored custom metadata kinds are ignored, an unknown one and a
//    string attribute must match;
//  * the way the table says LLVM merges each attribute (which the oracles
//    rely on) is LLVM's;
//  * flags and the ABI role of `align` are not in AnnotationPolicy but in
//    the encoding, so they are checked through the comparator: a function
//    and its copy with one more flag compare equal, and `align` next to
//    byval, byref, inalloca or preallocated separates two functions (next
//    to sret, for contrast, it does not).
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "test/support/AnnotationTable.h"
#include "test/support/InstructionFlags.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;
using namespace lmf::testsupport;

namespace {

/// Roles as text, so that failures print them readably.
std::string name(Role R) { return roleName(R).str(); }

std::string name(MetadataRole R) {
  switch (R) {
  case MetadataRole::Ignored:
    return name(Role::Ignored);
  case MetadataRole::Intersectable:
    return name(Role::Intersectable);
  case MetadataRole::MustMatch:
    return name(Role::MustMatch);
  }
  return "?";
}

/// The names of the metadata kinds a fresh context has: the fixed ones.
std::vector<std::string> fixedMetadataKinds() {
  LLVMContext Ctx;
  SmallVector<StringRef, 64> Names;
  Ctx.getMDKindNames(Names);
  return std::vector<std::string>(Names.begin(), Names.end());
}

TEST(AnnotationTable, InstructionMetadataAgreesWithThePolicy) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  AnnotationPolicy Policy(M);
  std::vector<std::string> Names = fixedMetadataKinds();
  ASSERT_GT(Names.size(), unsigned(LLVMContext::MD_captures));
  for (unsigned Kind = 0; Kind < Names.size(); ++Kind)
    EXPECT_EQ(name(instructionMetadataRole(Kind)),
              name(Policy.instructionMetadataRole(Kind)))
        << "instruction metadata !" << Names[Kind] << " (kind " << Kind
        << "): the table and AnnotationPolicy disagree";
  for (const MetadataEntry &E : instructionMetadata()) {
    ASSERT_LT(E.Kind, Names.size());
    EXPECT_EQ(E.Name, Names[E.Kind]) << "misnamed table entry";
    EXPECT_NE(E.R, Role::MustMatch)
        << "!" << E.Name << ": the table lists only kinds that may differ";
  }
}

TEST(AnnotationTable, CustomInstructionMetadataAgreesWithThePolicy) {
  LLVMContext Ctx;
  // The policy looks custom kinds up when it is built: create them first.
  std::vector<unsigned> Ignored;
  for (StringRef Name : ignoredCustomInstructionMetadata())
    Ignored.push_back(Ctx.getMDKindID(Name));
  unsigned Unknown = Ctx.getMDKindID("lmf.test.unknown");
  Module M("m", Ctx);
  AnnotationPolicy Policy(M);
  for (size_t I = 0; I < Ignored.size(); ++I)
    EXPECT_EQ(name(Policy.instructionMetadataRole(Ignored[I])),
              name(Role::Ignored))
        << "!" << ignoredCustomInstructionMetadata()[I].str()
        << " is not ignored by AnnotationPolicy";
  EXPECT_EQ(name(Policy.instructionMetadataRole(Unknown)),
            name(Role::MustMatch));
  EXPECT_EQ(name(instructionMetadataRole(Unknown)), name(Role::MustMatch));
}

TEST(AnnotationTable, FunctionMetadataAgreesWithThePolicy) {
  std::vector<std::string> Names = fixedMetadataKinds();
  for (bool TypeTestsLive : {false, true}) {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = parseIR(
        Ctx, TypeTestsLive ? "declare i1 @llvm.type.test(ptr, metadata)\n"
                             "define i1 @t(ptr %p) {\n"
                             "  %r = call i1 @llvm.type.test(ptr %p, "
                             "metadata !\"t\")\n"
                             "  ret i1 %r\n"
                             "}\n"
                           : "");
    ASSERT_TRUE(M);
    AnnotationPolicy Policy(*M);
    for (unsigned Kind = 0; Kind < Names.size(); ++Kind)
      EXPECT_EQ(name(functionMetadataRole(Kind, TypeTestsLive)),
                name(Policy.functionMetadataRole(Kind)))
          << "function metadata !" << Names[Kind]
          << (TypeTestsLive ? " with" : " without")
          << " live type tests: the table and AnnotationPolicy disagree";
  }
  for (const MetadataEntry &E : functionMetadata())
    EXPECT_EQ(E.Name, Names[E.Kind]) << "misnamed table entry";
}

/// An attribute of kind K with some valid value.
Attribute anyAttribute(LLVMContext &Ctx, Attribute::AttrKind K) {
  if (Attribute::isTypeAttrKind(K))
    return Attribute::get(Ctx, K, Type::getInt32Ty(Ctx));
  if (Attribute::isConstantRangeAttrKind(K))
    return Attribute::get(Ctx, K, ConstantRange(APInt(32, 0), APInt(32, 8)));
  if (Attribute::isConstantRangeListAttrKind(K))
    return Attribute::get(Ctx, K,
                          ArrayRef(ConstantRange(APInt(64, 0), APInt(64, 8))));
  if (Attribute::isIntAttrKind(K))
    return Attribute::get(Ctx, K, 1);
  return Attribute::get(Ctx, K);
}

TEST(AnnotationTable, AttributesAgreeWithThePolicy) {
  LLVMContext Ctx;
  for (unsigned I = Attribute::None + 1; I < Attribute::EndAttrKinds; ++I) {
    auto K = Attribute::AttrKind(I);
    Role Policy = attributeMustMatch(anyAttribute(Ctx, K))
                      ? Role::MustMatch
                      : Role::Intersectable;
    std::string Name = Attribute::getNameFromAttrKind(K).str();
    if (Attribute::canUseAsFnAttr(K)) {
      EXPECT_EQ(name(functionAttributeRole(K)), name(Policy))
          << "function attribute " << Name
          << ": the table and AnnotationPolicy disagree";
    }
    if (Attribute::canUseAsParamAttr(K) || Attribute::canUseAsRetAttr(K)) {
      EXPECT_EQ(name(valueAttributeRole(K)), name(Policy))
          << "parameter or return attribute " << Name
          << ": the table and AnnotationPolicy disagree";
    }
  }
  // No entry sits where LLVM does not allow its attribute.
  for (const AttributeEntry &E : functionAttributes())
    EXPECT_TRUE(Attribute::canUseAsFnAttr(E.Kind))
        << Attribute::getNameFromAttrKind(E.Kind).str()
        << " is no function attribute";
  for (const AttributeEntry &E : valueAttributes())
    EXPECT_TRUE(Attribute::canUseAsParamAttr(E.Kind) ||
                Attribute::canUseAsRetAttr(E.Kind))
        << Attribute::getNameFromAttrKind(E.Kind).str()
        << " is no parameter or return attribute";
  EXPECT_TRUE(attributeMustMatch(Attribute::get(Ctx, "lmf-test", "1")));
}

TEST(AnnotationTable, AttributeMergesAreLLVMs) {
  auto Check = [](const AttributeEntry &E) {
    bool Align = E.Kind == Attribute::Alignment;
    bool Expected = false;
    switch (E.Merge) {
    case AttrMerge::Drop:
      Expected = Attribute::intersectWithAnd(E.Kind);
      break;
    case AttrMerge::Min:
      Expected = Attribute::intersectWithMin(E.Kind) ||
                 (Align && Attribute::intersectWithCustom(E.Kind));
      break;
    case AttrMerge::Custom:
      Expected = Attribute::intersectWithCustom(E.Kind) && !Align;
      break;
    }
    EXPECT_TRUE(Expected) << Attribute::getNameFromAttrKind(E.Kind).str()
                          << ": LLVM merges it another way than the table "
                             "says";
  };
  for (const AttributeEntry &E : functionAttributes())
    Check(E);
  for (const AttributeEntry &E : valueAttributes())
    Check(E);
}

/// One instruction for every flag, none of them set.
const char *const FlagCarriers = R"(
define i32 @f(i32 %a, i32 %b, ptr %p, double %d) {
  %add = add i32 %a, %b
  %div = udiv i32 %add, %b
  %or = or i32 %div, %a
  %ext = zext i32 %or to i64
  %cmp = icmp ult i32 %a, %b
  %gep = getelementptr i8, ptr %p, i64 %ext
  %fadd = fadd double %d, 1.0
  store double %fadd, ptr %gep
  %sel = select i1 %cmp, i32 %or, i32 %a
  ret i32 %sel
}
)";

TEST(AnnotationTable, FlagsAreIntersectable) {
  ArrayRef<FlagEntry> Flags = instructionFlags();
  ASSERT_EQ(Flags.size(), unsigned(Flag::FAfn) + 1);
  for (unsigned I = 0; I < Flags.size(); ++I)
    ASSERT_EQ(unsigned(Flags[I].F), I) << "flagEntry needs Flag order";

  for (const FlagEntry &E : Flags) {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = parseIR(Ctx, FlagCarriers);
    ASSERT_TRUE(M);
    Function *F = fn(*M, "f");
    ValueToValueMapTy VMap;
    Function *G = CloneFunction(F, VMap);
    G->setName("g");
    Instruction *Carrier = nullptr;
    for (Instruction &I : instructions(*G))
      if (canToggle(I, E.F, /*Set=*/true)) {
        Carrier = &I;
        break;
      }
    ASSERT_TRUE(Carrier) << "no instruction of the template carries " << E.Name;
    setFlag(*Carrier, E.F, true);
    ASSERT_TRUE(hasFlag(*Carrier, E.F)) << E.Name;
    ModuleEncoder Enc(*M);
    EXPECT_EQ(Enc.compare(*F, *G), 0)
        << "the comparator separates functions that differ in the flag "
        << E.Name << ":\n"
        << printFunction(*F) << printFunction(*G);
  }
}

/// @a and @b take a pointer with Attrs, once with `align 4`, once with
/// `align 8`.
int compareAlignments(StringRef Attrs) {
  LLVMContext Ctx;
  std::string Text;
  for (const char *Fn : {"a", "b"})
    Text += ("define void @" + Twine(Fn) + "(ptr " + Attrs + " align " +
             (Fn[0] == 'a' ? "4" : "8") + " %p) {\n  ret void\n}\n")
                .str();
  std::unique_ptr<Module> M = parseIR(Ctx, Text);
  if (!M)
    return 0;
  ModuleEncoder Enc(*M);
  return Enc.compare(*fn(*M, "a"), *fn(*M, "b"));
}

TEST(AnnotationTable, AlignmentIsABIExactlyWithTheListedAttributes) {
  LLVMContext Ctx;
  for (Attribute::AttrKind K : alignmentABIAttributes()) {
    std::string Spelling = (Attribute::getNameFromAttrKind(K) + "(i32)").str();
    EXPECT_NE(compareAlignments(Spelling), 0)
        << "`align` next to " << Spelling << " does not separate functions";
    AttributeSet Set = AttributeSet::get(Ctx, {anyAttribute(Ctx, K)});
    EXPECT_TRUE(alignmentIsABI(Set)) << Spelling;
  }
  EXPECT_EQ(compareAlignments(""), 0);
  EXPECT_EQ(compareAlignments("sret(i32)"), 0);
  EXPECT_FALSE(alignmentIsABI(AttributeSet::get(
      Ctx,
      {Attribute::get(Ctx, Attribute::StructRet, Type::getInt32Ty(Ctx))})));
}

} // namespace
