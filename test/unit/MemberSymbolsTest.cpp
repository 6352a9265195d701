//===- MemberSymbolsTest.cpp - Symbols of members whose calls moved -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A member that leaves no code gets a local symbol of size 0 where its
// calls now run (MemberSymbols.h): at the end of a chain of folds, under
// its own name or `<member>.lmf.calls` where that is taken, only in ELF
// modules with debug information; and the names a shared body across
// modules carries reach the backend that keeps its copy.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/MergeResult.h"
#include "core/identical/MemberSymbols.h"

#include "llvm/IR/GlobalAlias.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

constexpr const char *DebugInfo =
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!2}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, "
    "emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"t.c\", directory: \"/\")\n"
    "!2 = !{i32 2, !\"Debug Info Version\", i32 3}\n";

std::string moduleText(StringRef Triple, bool WithDebugInfo) {
  return ("target triple = \"" + Triple + "\"\n" +
          "define internal i32 @body(i32 %x) {\n  ret i32 %x\n}\n"
          "define i32 @thunk(i32 %x) {\n"
          "  %r = tail call i32 @body(i32 %x)\n  ret i32 %r\n}\n"
          "declare i32 @declared(i32)\n" +
          (WithDebugInfo ? DebugInfo : ""))
      .str();
}

/// What the alias Name aliases, or "" when there is no such alias.
std::string aliasee(Module &M, StringRef Name) {
  GlobalAlias *A = M.getNamedAlias(Name);
  return A ? A->getAliaseeObject()->getName().str() : "";
}

std::vector<MovedCalls> chain() {
  return {
      {"g", "f"},           // g folded into f, which later moved on
      {"f", "body"},        // f folded into body
      {"a", "body", false}, // a became an alias of body: it has a symbol
      {"h", "a"},           // h folded into a before a became an alias
      {"thunk", "body"},    // a thunk its callers bypass
      {"declared", "body"}, // a name the module still declares
      {"lost", "missing"},  // its calls reach nothing the module defines
  };
}

TEST(MemberSymbols, EveryMemberWhoseCallsMovedGetsASymbolOfSizeZero) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, moduleText("x86_64-unknown-linux-gnu", true));
  ASSERT_TRUE(M);
  EXPECT_EQ(addMemberSymbols(*M, chain()), 5u);
  for (StringRef Name :
       {"g", "f", "h", "thunk.lmf.calls", "declared.lmf.calls"}) {
    EXPECT_EQ(aliasee(*M, Name), "body") << Name.str();
    EXPECT_TRUE(M->getNamedAlias(Name)->hasInternalLinkage()) << Name.str();
  }
  EXPECT_EQ(M->getNamedValue("a"), nullptr);
  EXPECT_EQ(M->getNamedValue("lost"), nullptr);
  EXPECT_EQ(M->getModuleInlineAsm(),
            ".size \"g\", 0\n.size \"f\", 0\n.size \"h\", 0\n"
            ".size \"thunk.lmf.calls\", 0\n.size \"declared.lmf.calls\", 0\n");
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(MemberSymbols, OnlyInELFModulesWithDebugInformation) {
  for (auto [Triple, Debug] :
       {std::pair<StringRef, bool>{"x86_64-unknown-linux-gnu", false},
        {"x86_64-apple-macosx", true},
        {"x86_64-pc-windows-msvc", true}}) {
    LLVMContext Ctx;
    auto M = parseIR(Ctx, moduleText(Triple, Debug));
    ASSERT_TRUE(M);
    EXPECT_EQ(addMemberSymbols(*M, chain()), 0u) << Triple.str();
    EXPECT_TRUE(M->alias_empty()) << Triple.str();
    EXPECT_EQ(M->getModuleInlineAsm(), "") << Triple.str();
  }
}

TEST(MemberSymbols, TheResultSaysWhoseCallsMoved) {
  MergeResult R;
  FoldGroup Moved;
  Moved.KeptMember = "k";
  Moved.KeptBody = "k.lmf.body";
  Moved.KeptMemberForwarded = true;
  Moved.KeptMemberAction = FoldAction::CallersRedirected;
  Moved.Members = {{"e", FoldAction::Erased},
                   {"t", FoldAction::Thunk},
                   {"a", FoldAction::Alias},
                   {"r", FoldAction::CallersRedirected}};
  R.Groups.push_back(Moved);
  SimilarGroup S;
  S.KeptBody = "s.lmf.similar";
  S.Members = {{"s", MergeAction::Thunk},
               {"c", MergeAction::CallsRewritten}};
  R.Similar.push_back(S);
  std::vector<MovedCalls> Out;
  appendMovedCalls(R, Out);
  std::vector<std::string> Text;
  for (const MovedCalls &C : Out)
    Text.push_back(C.Member + ">" + C.Target + (C.NeedsSymbol ? "" : "*"));
  EXPECT_EQ(Text, (std::vector<std::string>{"k>k.lmf.body", "e>k.lmf.body",
                                            "a>k.lmf.body*", "r>k.lmf.body",
                                            "c>s.lmf.similar"}));
}

TEST(MemberSymbols, SharedBodiesCarryTheirMembersToTheKeptCopy) {
  LLVMContext Ctx;
  auto M = parseIR(
      Ctx, std::string("target triple = \"x86_64-unknown-linux-gnu\"\n"
                       "define linkonce_odr hidden i32 @x.lmf.shared(i32 %x) "
                       "{\n  ret i32 %x\n}\n"
                       "define available_externally hidden i32 "
                       "@y.lmf.shared(i32 %x) {\n  ret i32 %x\n}\n") +
               DebugInfo);
  ASSERT_TRUE(M);
  recordSharedBodyMembers(*fn(*M, "x.lmf.shared"), {"x", "x2", "x"});
  recordSharedBodyMembers(*fn(*M, "y.lmf.shared"), {"y"});
  std::vector<MovedCalls> Taken = takeSharedBodyMembers(*M);
  ASSERT_EQ(Taken.size(), 2u);
  EXPECT_EQ(Taken[0].Member, "x");
  EXPECT_EQ(Taken[1].Member, "x2");
  EXPECT_EQ(Taken[1].Target, "x.lmf.shared");
  for (Function &F : *M)
    EXPECT_EQ(F.getMetadata(MembersMetadataName), nullptr) << F.getName().str();
}

TEST(MemberSymbols, NoRecordInModulesWithoutDebugInformation) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, "define linkonce_odr hidden i32 @x.lmf.shared(i32 %x) "
                        "{\n  ret i32 %x\n}\n");
  ASSERT_TRUE(M);
  recordSharedBodyMembers(*fn(*M, "x.lmf.shared"), {"x"});
  EXPECT_EQ(fn(*M, "x.lmf.shared")->getMetadata(MembersMetadataName), nullptr);
}

} // namespace
