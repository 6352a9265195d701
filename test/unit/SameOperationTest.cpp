//===- SameOperationTest.cpp - One rule for "the same operation" ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two stages decide when two instructions are the same operation: the
// identical stage's structural encoding (StructuralEncoding.cpp) and the
// aligned stage's matcher (InstructionMatch.cpp, mayMatch). They are two
// pieces of code for one rule, so this test holds them equal: for every
// variant below, two functions differ in one instruction only, in one
// property of the operation and never in its operands, and the encoder
// (the two functions encode alike) and the matcher (the two instructions
// may be one) must say the same; where the row says what both must say,
// that too. The rows cover every property the encoder's essay lists. One
// row differs by design, and says why: two spellings of one struct layout.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"
#include "core/aligned/InstructionMatch.h"
#include "core/equality/TotalOrder.h"
#include "core/facts/ByteModel.h"

#include <gtest/gtest.h>

#include <mutex>
#include <optional>
#include <string>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

struct Variant {
  const char *What;
  /// The first instruction of each function's body; a row whose body needs
  /// blocks of its own gives whole bodies (Blocks).
  const char *Left, *Right;
  /// What both must say; none: only that they agree (an annotation the
  /// policy may treat either way).
  std::optional<bool> Same;
  bool Blocks = false;
  /// The one difference by design: the encoder takes two spellings of one
  /// struct layout as one type (a fold keeps one body, and thunks rebuild
  /// values at its boundary), the matcher does not (a matched instruction
  /// has one type inside the merged body, where values of both spellings
  /// would meet it).
  bool MatcherStricter = false;
};

const Variant Variants[] = {
    {"identical loads", "%r = load i32, ptr %p, align 4",
     "%r = load i32, ptr %p, align 4", true},
    {"load alignment", "%r = load i32, ptr %p, align 4",
     "%r = load i32, ptr %p, align 8", false},
    {"volatile", "%r = load volatile i32, ptr %p, align 4",
     "%r = load i32, ptr %p, align 4", false},
    {"loaded type", "%r = load i32, ptr %p, align 4",
     "%r = load float, ptr %p, align 4", false},
    {"atomic ordering", "%r = load atomic i32, ptr %p acquire, align 4",
     "%r = load atomic i32, ptr %p seq_cst, align 4", false},
    {"sync scope",
     "%r = load atomic i32, ptr %p syncscope(\"singlethread\") acquire, "
     "align 4",
     "%r = load atomic i32, ptr %p acquire, align 4", false},
    {"store alignment", "store i32 %x, ptr %p, align 4",
     "store i32 %x, ptr %p, align 2", false},
    {"icmp predicate", "%r = icmp eq i32 %x, 7", "%r = icmp ne i32 %x, 7",
     false},
    {"fcmp predicate", "%r = fcmp olt float %y, %y",
     "%r = fcmp ult float %y, %y", false},
    {"opcode", "%r = add i32 %x, %x", "%r = sub i32 %x, %x", false},
    {"poison flags", "%r = add nsw nuw i32 %x, %x", "%r = add i32 %x, %x",
     true},
    {"exact flag", "%r = udiv exact i32 %x, %x", "%r = udiv i32 %x, %x", true},
    {"fast-math flags", "%r = fadd fast float %y, %y", "%r = fadd float %y, %y",
     true},
    {"cast", "%r = zext i32 %x to i64", "%r = sext i32 %x to i64", false},
    {"cast type", "%r = zext i32 %x to i64", "%r = zext i32 %x to i48", false},
    {"gep source type", "%r = getelementptr i8, ptr %p, i32 %x",
     "%r = getelementptr i32, ptr %p, i32 %x", false},
    {"gep inbounds", "%r = getelementptr inbounds i8, ptr %p, i32 %x",
     "%r = getelementptr i8, ptr %p, i32 %x", true},
    {"shuffle mask",
     "%r = shufflevector <4 x i32> %v, <4 x i32> %v, <4 x i32> <i32 0, i32 "
     "1, i32 2, i32 3>",
     "%r = shufflevector <4 x i32> %v, <4 x i32> %v, <4 x i32> <i32 3, i32 "
     "2, i32 1, i32 0>",
     false},
    {"aggregate index", "%r = extractvalue {i32, i32} %s, 0",
     "%r = extractvalue {i32, i32} %s, 1", false},
    {"insertvalue index", "%r = insertvalue {i32, i32} %s, i32 %x, 0",
     "%r = insertvalue {i32, i32} %s, i32 %x, 1", false},
    {"alloca type", "%r = alloca i32, align 4", "%r = alloca i64, align 4",
     false},
    {"struct spelling", "%r = alloca %kv1, align 8",
     "%r = alloca %kv2, align 8", std::nullopt, /*Blocks=*/false,
     /*MatcherStricter=*/true},
    {"alloca alignment", "%r = alloca i32, align 4",
     "%r = alloca i32, align 16", false},
    {"atomicrmw operation", "%r = atomicrmw add ptr %p, i32 %x seq_cst",
     "%r = atomicrmw xchg ptr %p, i32 %x seq_cst", false},
    {"cmpxchg weak",
     "%r = cmpxchg weak ptr %p, i32 %x, i32 %x seq_cst "
     "seq_cst",
     "%r = cmpxchg ptr %p, i32 %x, i32 %x seq_cst seq_cst", false},
    {"cmpxchg failure ordering",
     "%r = cmpxchg ptr %p, i32 %x, i32 %x seq_cst acquire",
     "%r = cmpxchg ptr %p, i32 %x, i32 %x seq_cst seq_cst", false},
    {"fence ordering", "fence acquire", "fence seq_cst", false},
    {"calling convention", "call fastcc void @g(i32 %x)",
     "call void @g(i32 %x)", false},
    {"tail-call kind", "tail call void @g(i32 %x)", "call void @g(i32 %x)",
     false},
    {"operand bundle tag", "call void @g(i32 %x) [ \"deopt\"(i32 %x) ]",
     "call void @g(i32 %x) [ \"gc-live\"(i32 %x) ]", false},
    {"inline assembly", "call void asm sideeffect \"nop\", \"\"()",
     "call void asm sideeffect \"pause\", \"\"()", false},
    {"call-site attribute", "call void @g(i32 noundef %x)",
     "call void @g(i32 %x)", std::nullopt},
    {"tbaa", "%r = load i32, ptr %p, align 4, !tbaa !0",
     "%r = load i32, ptr %p, align 4, !tbaa !3", std::nullopt},
    {"range", "%r = load i32, ptr %p, align 4, !range !4",
     "%r = load i32, ptr %p, align 4", std::nullopt},
    {"nontemporal", "store i32 %x, ptr %p, align 4, !nontemporal !5",
     "store i32 %x, ptr %p, align 4", std::nullopt},
    {"switch case values",
     "switch i32 %x, label %a [ i32 1, label %b ]\na:\n  ret void\nb:\n  "
     "ret void",
     "switch i32 %x, label %a [ i32 2, label %b ]\na:\n  ret void\nb:\n  "
     "ret void",
     false, /*Blocks=*/true},
};

std::string function(const char *Name, const Variant &V, const char *Body) {
  std::string Text = std::string("define void @") + Name +
                     "(ptr %p, i32 %x, float %y, <4 x i32> %v, {i32, i32} %s) "
                     "{\n  " +
                     Body + "\n";
  if (!V.Blocks)
    Text += "  ret void\n";
  return Text + "}\n";
}

std::string moduleFor(const Variant &V) {
  return "%kv1 = type { ptr, ptr }\n%kv2 = type { ptr, ptr }\n"
         "declare void @g(i32)\n" +
         function("f1", V, V.Left) + function("f2", V, V.Right) +
         "!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2, i64 0}\n"
         "!2 = !{!\"tbaa root\"}\n!3 = !{!6, !6, i64 0}\n"
         "!4 = !{i32 0, i32 10}\n!5 = !{i32 1}\n!6 = !{!\"long\", !2, i64 0}\n";
}

TEST(SameOperation, EncoderAndMatcherAgreeOnEveryVariant) {
  for (const Variant &V : Variants) {
    LLVMContext C;
    std::unique_ptr<Module> M = parseIR(C, moduleFor(V));
    ASSERT_TRUE(M) << V.What;
    const Function &L = *fn(*M, "f1"), &R = *fn(*M, "f2");
    ModuleEncoder E(*M);
    bool Encoded = sameEncoding(E.encode(L), E.encode(R));
    std::mutex Lock;
    ByteModel Bytes = ByteModel::forModule(*M);
    PairContext Ctx{L, R, E.Policy, Lock, Bytes, Bytes.costsOf(L)};
    bool Matched = mayMatch(L.front().front(), R.front().front(), Ctx);
    if (V.MatcherStricter) {
      EXPECT_TRUE(Encoded && !Matched) << V.What;
      continue;
    }
    EXPECT_EQ(Encoded, Matched)
        << V.What << ": the encoder says " << (Encoded ? "same" : "different")
        << ", the matcher " << (Matched ? "same" : "different");
    if (V.Same) {
      EXPECT_EQ(Encoded, *V.Same) << V.What << " (encoder)";
      EXPECT_EQ(Matched, *V.Same) << V.What << " (matcher)";
    }
  }
}

} // namespace
