//===- LinkSymbolCheckTest.cpp - Symbols a rewrite leaves undefined -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// findSymbolHazards on modules before and after a hand-made "rewrite":
// each rule of LinkSymbolCheck.cpp fires on what it is about and on
// nothing a link resolves.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/LinkSymbolCheck.h"

#include "TestIR.h"

#include "llvm/IR/GlobalValue.h"

using namespace llvm;

namespace lmf {
namespace {

constexpr const char *Header = "target triple = \"x86_64-unknown-linux-gnu\"\n";

LinkSymbols symbolsOf(StringRef Body) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseIR(Ctx, (Header + Body).str());
  EXPECT_TRUE(M);
  if (!M)
    return LinkSymbols();
  return readLinkSymbols(*M);
}

RewrittenSymbols rewritten(StringRef Name, StringRef Before, StringRef After) {
  return {Name.str(), symbolsOf(Before), symbolsOf(After)};
}

uint64_t key(StringRef Name) {
  return GlobalValue::getGUIDAssumingExternalLinkage(Name);
}

constexpr const char *Member = R"(
$m = comdat any
define linkonce_odr i32 @m() comdat { ret i32 1 }
define i32 @use() { %r = call i32 @m() ret i32 %r }
)";

/// Member after a rewrite into a thunk passing its table, the table with
/// TableComdat (", comdat($m)" or nothing).
std::string thunkWithTable(StringRef TableComdat) {
  return (R"(
$m = comdat any
@m.lmf.constants = private constant i32 1)" +
          TableComdat + R"(
define linkonce_odr i32 @m() comdat {
  %r = tail call i32 @m.lmf.similar(ptr @m.lmf.constants)
  ret i32 %r
}
define i32 @use() { %r = call i32 @m() ret i32 %r }
define linkonce_odr hidden i32 @m.lmf.similar(ptr %t) { %v = load i32, ptr %t ret i32 %v }
)")
      .str();
}

TEST(LinkSymbolCheckTest, TableMovedIntoTheMemberComdatIsAHazard) {
  RewrittenSymbols M = rewritten("b.o", Member, thunkWithTable(", comdat($m)"));
  std::vector<SymbolHazard> H = findSymbolHazards({M}, {});
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Symbol, "m.lmf.constants");
  EXPECT_EQ(H[0].Module, "b.o");
}

TEST(LinkSymbolCheckTest, TableOutsideComdatsIsNone) {
  RewrittenSymbols M = rewritten("b.o", Member, thunkWithTable(""));
  EXPECT_TRUE(findSymbolHazards({M}, {}).empty());
}

TEST(LinkSymbolCheckTest, ReferenceToANameNoModuleDefinesIsAHazard) {
  // a.o now calls a shared body that only b.o was meant to define, and b.o
  // does not.
  RewrittenSymbols A = rewritten("a.o", "define i32 @f() { ret i32 1 }", R"(
declare i32 @f.lmf.shared()
define i32 @f() { %r = tail call i32 @f.lmf.shared() ret i32 %r }
)");
  RewrittenSymbols B = rewritten("b.o", "define i32 @g() { ret i32 1 }",
                                 "define i32 @g() { ret i32 1 }");
  std::vector<SymbolHazard> H = findSymbolHazards({A, B}, {});
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Symbol, "f.lmf.shared");
  EXPECT_EQ(H[0].Module, "a.o");
  // Defined by the other rewritten module, it is not.
  RewrittenSymbols B2 = rewritten(
      "b.o", "define i32 @g() { ret i32 1 }",
      "define linkonce_odr hidden i32 @f.lmf.shared() { ret i32 1 }\n"
      "define i32 @g() { %r = tail call i32 @f.lmf.shared() ret i32 %r }");
  EXPECT_TRUE(findSymbolHazards({A, B2}, {}).empty());
}

TEST(LinkSymbolCheckTest, LibraryFunctionsUndefinedBeforeAreNone) {
  const char *CallsPuts = R"(
declare i32 @puts(ptr)
@s = private constant [2 x i8] c"x\00"
define i32 @f() { %r = call i32 @puts(ptr @s) ret i32 %r }
)";
  RewrittenSymbols A = rewritten("a.o", CallsPuts, CallsPuts);
  EXPECT_TRUE(findSymbolHazards({A}, {}).empty());
  // A library function a rewrite makes another module call is known from
  // what the other inputs refer to.
  RewrittenSymbols B = rewritten("b.o", "define void @g() { ret void }",
                                 CallsPuts);
  EXPECT_EQ(findSymbolHazards({B}, {}).size(), 1u);
  DenseSet<uint64_t> Referenced{key("puts")};
  EXPECT_TRUE(findSymbolHazards({B}, {nullptr, &Referenced}).empty());
}

TEST(LinkSymbolCheckTest, RemovedDefinitionAnotherInputNeedsIsAHazard) {
  RewrittenSymbols A = rewritten("a.o", "define i32 @f() { ret i32 1 }\n"
                                        "define i32 @g() { ret i32 2 }",
                                 "define i32 @g() { ret i32 2 }");
  DenseSet<uint64_t> Defined;
  DenseSet<uint64_t> Referenced{key("f")};
  std::vector<SymbolHazard> H =
      findSymbolHazards({A}, {&Defined, &Referenced});
  ASSERT_EQ(H.size(), 1u);
  EXPECT_EQ(H[0].Symbol, "f");
  EXPECT_EQ(H[0].Module, "");
  // A name no other input needs may go; one an object file defines too
  // stays defined.
  EXPECT_TRUE(findSymbolHazards({A}, {}).empty());
  Defined.insert(key("f"));
  EXPECT_TRUE(findSymbolHazards({A}, {&Defined, &Referenced}).empty());
}

TEST(LinkSymbolCheckTest, LocalsAlreadyInComdatsAreNone) {
  const char *Text = R"(
$m = comdat any
@guard = internal global i32 0, comdat($m)
define linkonce_odr i32 @m() comdat { %v = load i32, ptr @guard ret i32 %v }
)";
  RewrittenSymbols M = rewritten("a.o", Text, Text);
  EXPECT_TRUE(findSymbolHazards({M}, {}).empty());
}

} // namespace
} // namespace lmf
