//===- CrossModuleMetadataTextTest.cpp - Metadata facts as text -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Twins in two modules of a ThinLTO link compare their metadata
// attachments as text (describeMetadata, CrossModuleAnnotations.h). The text
// must be the same for equal metadata in two contexts, grow with the nodes
// rather than with the paths to them (a shared operand written once), and
// never make two modules' debug information equal. The second test is the
// regression test of a link that ran out of memory: gmock_all_test, built
// with -g for ThinLTO, whose `!llvm.loop` nodes reach the debug-info graph
// through their source locations, wrote that graph as a tree.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/crossmodule/CrossModuleAnnotations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace lmf;

namespace {

/// A chain of Depth nodes, each naming the next one twice: as a tree it has
/// 2^Depth leaves.
MDNode *doublingChain(LLVMContext &Ctx, unsigned Depth) {
  Metadata *Next = MDString::get(Ctx, "leaf");
  for (unsigned I = 0; I < Depth; ++I)
    Next = MDNode::get(Ctx, {Next, Next});
  return cast<MDNode>(Next);
}

TEST(CrossModuleMetadataText, EqualMetadataOfTwoContextsIsEqualText) {
  LLVMContext A, B;
  auto Node = [](LLVMContext &Ctx) {
    MDNode *Scalar = MDNode::get(Ctx, {MDString::get(Ctx, "int")});
    return MDNode::get(Ctx, {Scalar, Scalar,
                             ConstantAsMetadata::get(
                                 ConstantInt::get(Type::getInt64Ty(Ctx), 0))});
  };
  EXPECT_EQ(describeMetadata(Node(A), 0), describeMetadata(Node(B), 1));
  MDNode *Other = MDNode::get(B, {MDString::get(B, "long")});
  EXPECT_NE(describeMetadata(Node(A), 0), describeMetadata(Other, 1));
}

TEST(CrossModuleMetadataText, SharedOperandsAreWrittenOnce) {
  LLVMContext A, B;
  std::string Text = describeMetadata(doublingChain(A, 64), 0);
  EXPECT_LT(Text.size(), 64u * 16u);
  EXPECT_EQ(Text, describeMetadata(doublingChain(B, 64), 1));
  EXPECT_NE(Text, describeMetadata(doublingChain(B, 63), 1));
}

TEST(CrossModuleMetadataText, LoopIdsReferringToThemselvesEnd) {
  LLVMContext Ctx;
  auto Temp = MDNode::getTemporary(Ctx, {});
  MDNode *Property =
      MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.mustprogress")});
  MDNode *Loop = MDNode::getDistinct(Ctx, {Temp.get(), Property});
  Loop->replaceOperandWith(0, Loop);
  std::string Text = describeMetadata(Loop, 0);
  EXPECT_NE(Text.find("llvm.loop.mustprogress"), std::string::npos);
}

TEST(CrossModuleMetadataText, DebugLocationsAreTheModulesOwn) {
  const char *IR = R"IR(
define void @f(i32 %n) !dbg !4 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !8
exit:
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 3, column: 5, scope: !4)
!8 = distinct !{!8, !7, !9}
!9 = !{!"llvm.loop.mustprogress"}
)IR";
  auto LoopOf = [](Module &M) {
    for (Instruction &I : instructions(*M.getFunction("f")))
      if (MDNode *Loop = I.getMetadata(LLVMContext::MD_loop))
        return Loop;
    return static_cast<MDNode *>(nullptr);
  };
  LLVMContext A, B;
  std::unique_ptr<Module> MA = test::parseIR(A, IR), MB = test::parseIR(B, IR);
  ASSERT_TRUE(MA && MB);
  MDNode *InA = LoopOf(*MA), *InB = LoopOf(*MB);
  ASSERT_TRUE(InA && InB);
  // The same source in two modules: equal within one module, never across.
  EXPECT_EQ(describeMetadata(InA, 0), describeMetadata(InA, 0));
  EXPECT_NE(describeMetadata(InA, 0), describeMetadata(InB, 1));
}

} // namespace
