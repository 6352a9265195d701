//===- MergedModuleCheckTest.cpp - The verifier after merging -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A module that merging left invalid must become an error that names the
// function, and a module that verifies again, so the verifier the LTO
// pipeline runs next does not abort the linker (MergedModuleCheck.h). The
// broken function is made here by hand: a return of the wrong type, the
// mistake a thunk between two named struct types once made.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/MergedModuleCheck.h"

#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

constexpr const char *Module = R"(
%pair = type { i32, i32 }
%other = type { i32, i32 }

define %pair @good(%pair %p) {
  ret %pair %p
}

define internal %pair @thunk(%other %o) personality ptr @personality {
  %v = extractvalue %other %o, 0
  %p = insertvalue %pair poison, i32 %v, 0
  ret %pair %p
}

@thunk.alias = alias %pair (%other), ptr @thunk

declare i32 @personality(...)

define %pair @caller(%other %o) {
  %r = call %pair @thunk(%other %o)
  ret %pair %r
}
)";

/// Makes @thunk return its argument, of the other named type.
void breakThunk(Function &Thunk) {
  auto *Ret = cast<ReturnInst>(Thunk.getEntryBlock().getTerminator());
  Ret->setOperand(0, Thunk.getArg(0));
}

TEST(MergedModuleCheck, ValidModuleIsSuccess) {
  LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = parseIR(Ctx, Module);
  ASSERT_TRUE(M);
  EXPECT_FALSE(errorToBool(checkMergedModule(*M)));
  EXPECT_TRUE(
      isa<ReturnInst>(fn(*M, "thunk")->getEntryBlock().getTerminator()));
}

TEST(MergedModuleCheck, BrokenFunctionIsNamedAndStubbedOut) {
  LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = parseIR(Ctx, Module);
  ASSERT_TRUE(M);
  breakThunk(*fn(*M, "thunk"));
  ASSERT_TRUE(verifyModule(*M));

  std::string Message = toString(checkMergedModule(*M));
  EXPECT_NE(Message.find("invalid after merging functions"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("functions that do not verify: thunk"),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("the verifier says: "), std::string::npos) << Message;
  EXPECT_EQ(Message.find("still does not verify"), std::string::npos)
      << Message;

  // The module verifies: the alias and the caller still name @thunk, which
  // keeps its linkage and now holds one `unreachable`.
  std::string Findings;
  raw_string_ostream OS(Findings);
  EXPECT_FALSE(verifyModule(*M, &OS)) << Findings;
  Function &Thunk = *fn(*M, "thunk");
  EXPECT_TRUE(Thunk.hasInternalLinkage());
  ASSERT_EQ(Thunk.size(), 1u);
  EXPECT_TRUE(isa<UnreachableInst>(Thunk.getEntryBlock().front()));
  EXPECT_EQ(cast<GlobalAlias>(M->getNamedValue("thunk.alias"))->getAliasee(),
            &Thunk);
  // The valid functions are untouched.
  EXPECT_TRUE(isa<ReturnInst>(fn(*M, "good")->getEntryBlock().front()));
}

} // namespace
