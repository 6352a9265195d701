//===- CrossModuleTest.cpp - Twins in modules of two contexts -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Folding across ThinLTO modules compares functions that live in different
// LLVMContexts and carries the plan out in each module on its own. Each test
// parses modules into contexts of their own, as our ld.lld does, collects
// their candidates (CrossModuleCandidates.h), plans over all of them
// (CrossModulePlanner.h) and, where it says so, rewrites every module
// (CrossModuleRewriter.h) and checks the modules verify and the copies of
// each shared body are the same text.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/crossmodule/CrossModuleCandidates.h"
#include "core/crossmodule/CrossModulePlanner.h"
#include "core/crossmodule/CrossModuleRewriter.h"
#include "core/equality/ArgumentFreeBodies.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/GlobalValue.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

constexpr const char *Header =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
    "i128:128-f80:128-n8:16:32:64-S128\"\n"
    "target triple = \"x86_64-unknown-linux-gnu\"\n";

/// Modules in contexts of their own, with their candidates.
struct Link {
  std::vector<std::unique_ptr<LLVMContext>> Contexts;
  std::vector<std::unique_ptr<Module>> Modules;
  std::vector<ModuleCandidates> Candidates;
  DenseSet<uint64_t> NamesUsedOutside;
  DenseMap<uint64_t, SmallVector<uint32_t, 2>> DefinedIn;
  bool NamesKnown = true;

  void add(StringRef Body) {
    Contexts.push_back(std::make_unique<LLVMContext>());
    Modules.push_back(parseIR(*Contexts.back(), (Header + Body).str()));
    ASSERT_TRUE(Modules.back());
    CrossModuleCollectOptions Opts;
    Opts.Ordinal = Modules.size() - 1;
    Expected<ModuleCandidates> C = collectCrossModuleCandidates(
        *Modules.back(), [](const Function &) { return WantedAs::Twin; }, Opts);
    ASSERT_TRUE(bool(C)) << toString(C.takeError());
    for (const Function &F : *Modules.back())
      if (!F.isDeclaration() && !F.hasLocalLinkage())
        DefinedIn[GlobalValue::getGUIDAssumingExternalLinkage(F.getName())]
            .push_back(Opts.Ordinal);
    Candidates.push_back(std::move(*C));
  }

  CrossModulePlan plan() const {
    CrossModuleLinkFacts Facts;
    Facts.NamesUsedOutside = NamesKnown ? &NamesUsedOutside : nullptr;
    Facts.DefinedIn = &DefinedIn;
    return planCrossModuleFolds(Candidates, Facts);
  }

  /// Rewrites every module for Plan; returns false when one fails.
  bool rewrite(const CrossModulePlan &Plan) {
    std::vector<CrossModuleWork> Work = workPerModule(Plan, Candidates);
    for (size_t I = 0; I < Modules.size(); ++I) {
      if (Error E = rewriteForCrossModulePlan(*Modules[I], Work[I], Plan, I)) {
        ADD_FAILURE() << toString(std::move(E));
        return false;
      }
      std::string Msg;
      raw_string_ostream OS(Msg);
      if (verifyModule(*Modules[I], &OS)) {
        ADD_FAILURE() << "module " << I << " does not verify: " << Msg;
        return false;
      }
    }
    return true;
  }

  /// The text of Name's body in module I, without its name line.
  std::string bodyText(size_t I, StringRef Name) const {
    const Function *F = Modules[I]->getFunction(Name);
    if (!F)
      return "<missing>";
    std::string Text;
    raw_string_ostream OS(Text);
    F->print(OS);
    return Text;
  }
};

/// The names of the folded members of Plan's class C with their actions.
std::vector<std::string> members(const Link &L, const CrossModuleClass &C) {
  std::vector<std::string> Out;
  for (const CrossModuleMember &M : C.Members)
    Out.push_back(std::to_string(M.Ref.Module) + ":" +
                  L.Candidates[M.Ref.Module].Candidates[M.Ref.Candidate].Name +
                  ":" + foldActionName(M.Action).str());
  return Out;
}

std::vector<const CrossModuleClass *> folded(const CrossModulePlan &P) {
  std::vector<const CrossModuleClass *> Out;
  for (const CrossModuleClass &C : P.Classes)
    if (C.foldsAnything())
      Out.push_back(&C);
  return Out;
}

/// A body large enough for two thunks to pay; Name and linkage vary.
std::string twin(StringRef Decl) {
  return (Decl + " {\n"
                 "  %m = mul i32 %x, 7\n"
                 "  %a = add i32 %m, 3\n"
                 "  %s = shl i32 %a, 2\n"
                 "  %t = xor i32 %s, %x\n"
                 "  %u = mul i32 %t, %a\n"
                 "  %v = sub i32 %u, %m\n"
                 "  %w = or i32 %v, 9\n"
                 "  %y = and i32 %w, %s\n"
                 "  ret i32 %y\n"
                 "}\n")
      .str();
}

TEST(CrossModule, StructsOfOneLayoutAndCopiesOfAStringCompareEqual) {
  Link L;
  // Different struct names, metadata kinds met in another order, and each
  // unit's own copy of the string.
  L.add("%struct.A = type { i32, ptr }\n"
        "@s = private unnamed_addr constant [3 x i8] c\"hi\\00\"\n"
        "define internal i32 @f(ptr %p) local_unnamed_addr {\n"
        "  %q = getelementptr %struct.A, ptr %p, i64 0, i32 1\n"
        "  %v = load ptr, ptr %q, !kind.one !0\n"
        "  %c = load i8, ptr @s\n"
        "  %w = zext i8 %c to i32\n"
        "  ret i32 %w\n"
        "}\n"
        "!0 = !{}\n");
  L.add("%struct.B = type { i32, ptr }\n"
        "@t = private unnamed_addr constant [3 x i8] c\"hi\\00\"\n"
        "define internal i32 @g(ptr %p) local_unnamed_addr {\n"
        "  %q = getelementptr %struct.B, ptr %p, i64 0, i32 1\n"
        "  %v = load ptr, ptr %q, !kind.zero !0, !kind.one !0\n"
        "  %c = load i8, ptr @t\n"
        "  %w = zext i8 %c to i32\n"
        "  ret i32 %w\n"
        "}\n"
        "!0 = !{}\n");
  const Encoding &F = L.Candidates[0].Candidates[0].Skeleton;
  const Encoding &G = L.Candidates[1].Candidates[0].Skeleton;
  // !kind.zero is an unknown kind and must match: G has one more.
  EXPECT_NE(F, G);
  Link Same;
  Same.add("@s = private unnamed_addr constant [3 x i8] c\"hi\\00\"\n"
           "define internal i32 @f(ptr %p) local_unnamed_addr {\n"
           "  %v = load ptr, ptr %p, !kind.one !0\n"
           "  %c = load i8, ptr @s\n  %w = zext i8 %c to i32\n  ret i32 %w\n}\n"
           "!0 = !{}\n");
  Same.add(
      "@unrelated = private unnamed_addr constant [1 x i8] zeroinitializer\n"
      "@t = private unnamed_addr constant [3 x i8] c\"hi\\00\"\n"
      "define internal i32 @g(ptr %p) local_unnamed_addr {\n"
      "  %v = load ptr, ptr %p, !kind.one !0\n"
      "  %c = load i8, ptr @t\n  %w = zext i8 %c to i32\n  ret i32 %w\n}\n"
      "!0 = !{}\n"
      "!1 = !{!\"kind.other\"}\n");
  EXPECT_EQ(Same.Candidates[0].Candidates[0].Skeleton,
            Same.Candidates[1].Candidates[0].Skeleton);
}

TEST(CrossModule, ModuleStateAndOtherStringsStayApart) {
  Link L;
  L.add("@s = private unnamed_addr constant [3 x i8] c\"hi\\00\"\n"
        "@v = internal global i32 0\n"
        "define internal i32 @str(i64 %i) local_unnamed_addr {\n"
        "  %p = getelementptr i8, ptr @s, i64 %i\n"
        "  %c = load i8, ptr %p\n  %w = zext i8 %c to i32\n  ret i32 %w\n}\n"
        "define internal i32 @var() local_unnamed_addr {\n"
        "  %c = load i32, ptr @v\n  ret i32 %c\n}\n");
  L.add("@s = private unnamed_addr constant [3 x i8] c\"ho\\00\"\n"
        "@v = internal global i32 0\n"
        "define internal i32 @str(i64 %i) local_unnamed_addr {\n"
        "  %p = getelementptr i8, ptr @s, i64 %i\n"
        "  %c = load i8, ptr %p\n  %w = zext i8 %c to i32\n  ret i32 %w\n}\n"
        "define internal i32 @var() local_unnamed_addr {\n"
        "  %c = load i32, ptr @v\n  ret i32 %c\n}\n");
  for (size_t I = 0; I < 2; ++I)
    EXPECT_NE(L.Candidates[0].Candidates[I].Skeleton,
              L.Candidates[1].Candidates[I].Skeleton);
  EXPECT_TRUE(folded(L.plan()).empty());
}

TEST(CrossModule, ModulesBuiltDifferentlyNeverShareABody) {
  Link L;
  L.add(twin("define internal i32 @f(i32 %x) local_unnamed_addr") +
        "!llvm.module.flags = !{!0}\n"
        "!0 = !{i32 8, !\"cf-protection-branch\", i32 1}\n");
  L.add(twin("define internal i32 @g(i32 %x) local_unnamed_addr"));
  EXPECT_EQ(L.Candidates[0].Candidates[0].Skeleton,
            L.Candidates[1].Candidates[0].Skeleton);
  EXPECT_NE(L.Candidates[0].CompatibilityKey, L.Candidates[1].CompatibilityKey);
  EXPECT_TRUE(folded(L.plan()).empty());
}

TEST(CrossModule, CallersAreTwinsWhenTheirHelpersAre) {
  auto Unit = [](StringRef Factor) {
    return (twin(("define internal i32 @helper(i32 %x) local_unnamed_addr")) +
            "define internal i32 @caller(i32 %x) local_unnamed_addr {\n"
            "  %h = call i32 @helper(i32 %x)\n"
            "  %i = call i32 @helper(i32 %h)\n"
            "  %m = mul i32 %i, " +
            Factor +
            "\n"
            "  %s = sub i32 %m, 11\n  %t = xor i32 %s, %x\n"
            "  %u = add i32 %t, %m\n  ret i32 %u\n}\n")
        .str();
  };
  Link L;
  L.add(Unit("5"));
  L.add(Unit("5"));
  std::string Other = Unit("5");
  // The third unit's helper multiplies by 9.
  Other.replace(Other.find("mul i32 %x, 7"), 13, "mul i32 %x, 9");
  L.add(Other);
  CrossModulePlan P = L.plan();
  std::vector<const CrossModuleClass *> F = folded(P);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(members(L, *F[0]),
            (std::vector<std::string>{"0:helper:erased", "1:helper:erased"}));
  EXPECT_EQ(members(L, *F[1]),
            (std::vector<std::string>{"0:caller:erased", "1:caller:erased"}));
  ASSERT_TRUE(L.rewrite(P));
  // Each module's shared bodies are equal text, calls included.
  for (const CrossModuleClass *C : F)
    EXPECT_EQ(L.bodyText(0, C->KeptBody), L.bodyText(1, C->KeptBody));
  EXPECT_EQ(L.Modules[2]->getFunction("caller") != nullptr, true);
}

TEST(CrossModule, ExportedTwinsLeaveTheLinkOnlyWhenNothingElseNamesThem) {
  auto Build = [](Link &L) {
    L.add(twin("define i32 @f(i32 %x) unnamed_addr"));
    L.add(twin("define i32 @g(i32 %x) unnamed_addr") +
          "declare i32 @f(i32)\n"
          "define i32 @use(i32 %x) {\n  %r = call i32 @f(i32 %x)\n"
          "  ret i32 %r\n}\n");
  };
  Link Known;
  Build(Known);
  CrossModulePlan P = Known.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  EXPECT_EQ(members(Known, *folded(P)[0]),
            (std::vector<std::string>{"0:f:erased", "1:g:erased"}));
  ASSERT_TRUE(Known.rewrite(P));
  // f is gone from the link: module 1's call reaches the shared body.
  EXPECT_EQ(Known.Modules[0]->getFunction("f"), nullptr);
  EXPECT_EQ(Known.Modules[1]->getFunction("f"), nullptr);
  EXPECT_NE(Known.bodyText(1, "use").find(folded(P)[0]->KeptBody),
            std::string::npos);

  Link Named;
  Build(Named);
  Named.NamesUsedOutside.insert(
      GlobalValue::getGUIDAssumingExternalLinkage("f"));
  P = Named.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  EXPECT_EQ(members(Named, *folded(P)[0]),
            (std::vector<std::string>{"0:f:callers-redirected", "1:g:erased"}));

  Link Unknown;
  Build(Unknown);
  Unknown.NamesKnown = false;
  P = Unknown.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  EXPECT_EQ(members(Unknown, *folded(P)[0]),
            (std::vector<std::string>{"0:f:callers-redirected",
                                      "1:g:callers-redirected"}));
  ASSERT_TRUE(Unknown.rewrite(P));
}

TEST(CrossModule, SignificantAddressesKeepTheirOwn) {
  Link L;
  // Neither unnamed_addr nor on a list of free addresses: each keeps its
  // address as a thunk; a weak (interposable) one takes no part.
  L.add(twin("define i32 @f(i32 %x)"));
  L.add(twin("define i32 @g(i32 %x)"));
  L.add(twin("define weak i32 @h(i32 %x)"));
  CrossModulePlan P = L.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  EXPECT_EQ(members(L, *folded(P)[0]),
            (std::vector<std::string>{"0:f:callers-redirected",
                                      "1:g:callers-redirected"}));
}

TEST(CrossModule, SmallTwinsDoNotPayForThunks) {
  Link L;
  L.add("define i32 @f(i32 %x) {\n  %a = add i32 %x, 1\n  ret i32 %a\n}\n");
  L.add("define i32 @g(i32 %x) {\n  %a = add i32 %x, 1\n  ret i32 %a\n}\n");
  CrossModulePlan P = L.plan();
  EXPECT_TRUE(folded(P).empty());
}

TEST(CrossModule, SharedBodiesKeepOnlyCommonFacts) {
  Link L;
  L.add("define internal i32 @f(ptr nonnull dereferenceable(16) %p, i32 %x) "
        "local_unnamed_addr align 16 {\n"
        "  %q = getelementptr inbounds i8, ptr %p, i64 4\n"
        "  %v = load i32, ptr %q, !range !0\n"
        "  %a = add nsw nuw i32 %v, %x\n"
        "  %m = mul nsw i32 %a, 3\n  %s = shl i32 %m, 2\n  ret i32 %s\n}\n"
        "!0 = !{i32 0, i32 10}\n");
  L.add("define internal i32 @g(ptr dereferenceable(8) %p, i32 %x) "
        "local_unnamed_addr align 32 {\n"
        "  %q = getelementptr i8, ptr %p, i64 4\n"
        "  %v = load i32, ptr %q, !range !0\n"
        "  %a = add nuw i32 %v, %x\n"
        "  %m = mul nsw i32 %a, 3\n  %s = shl i32 %m, 2\n  ret i32 %s\n}\n"
        "!0 = !{i32 0, i32 10}\n");
  CrossModulePlan P = L.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  ASSERT_TRUE(L.rewrite(P));
  std::string Name = folded(P)[0]->KeptBody;
  std::string A = L.bodyText(0, Name), B = L.bodyText(1, Name);
  EXPECT_EQ(A, B);
  for (StringRef Kept : {"dereferenceable(8)", "align 32", "add nuw i32",
                         "mul nsw i32", "!range"})
    EXPECT_NE(A.find(Kept.str()), std::string::npos) << Kept.str() << "\n" << A;
  for (StringRef Gone : {"nonnull", "inbounds", "nsw nuw", "add nsw"})
    EXPECT_EQ(A.find(Gone.str()), std::string::npos) << Gone.str() << "\n" << A;
}

TEST(CrossModule, SharedNamesComeFromTheFirstMember) {
  auto Plan = [](StringRef Extra) {
    Link L;
    L.add(twin("define internal i32 @g(i32 %x) local_unnamed_addr") +
          Extra.str());
    L.add(twin("define internal i32 @f(i32 %x) local_unnamed_addr"));
    CrossModulePlan P = L.plan();
    return folded(P).empty() ? std::string() : folded(P)[0]->KeptBody;
  };
  // The first module's member, whose copy of the shared body the link
  // keeps, not the first by name.
  EXPECT_EQ(Plan(""), "g.lmf.shared");
  EXPECT_EQ(Plan("define i32 @unrelated() {\n  ret i32 0\n}\n"),
            "g.lmf.shared");
}

TEST(CrossModule, SharedNamesOfFirstMembersOfOneNameAreNumbered) {
  // Two classes whose first members are `static` functions named alike.
  auto Other = [](StringRef Name) {
    return ("define internal i32 @" + Name +
            "(i32 %x) local_unnamed_addr {\n"
            "  %m = mul i32 %x, 9\n  %a = add i32 %m, 5\n"
            "  %s = shl i32 %a, 3\n  %t = xor i32 %s, %x\n"
            "  %u = sub i32 %t, %m\n  %v = mul i32 %u, %a\n"
            "  %w = or i32 %v, 6\n  ret i32 %w\n}\n")
        .str();
  };
  Link L;
  L.add(twin("define internal i32 @f(i32 %x) local_unnamed_addr"));
  L.add(twin("define internal i32 @g(i32 %x) local_unnamed_addr"));
  L.add(Other("f"));
  L.add(Other("h"));
  CrossModulePlan P = L.plan();
  ASSERT_EQ(folded(P).size(), 2u);
  EXPECT_EQ(folded(P)[0]->KeptBody, "f.lmf.shared");
  EXPECT_EQ(folded(P)[1]->KeptBody, "f.lmf.shared.2");
  ASSERT_TRUE(L.rewrite(P));
  EXPECT_NE(L.bodyText(2, "f.lmf.shared.2"), "<missing>");
  EXPECT_EQ(L.bodyText(2, "f.lmf.shared.2"), L.bodyText(3, "f.lmf.shared.2"));
}

/// A body that reads no argument, large enough for a shared body to pay.
std::string argumentFreeTwin(StringRef Decl) {
  return (Decl + " {\n"
                 "  %v = load volatile i32, ptr @counter\n"
                 "  %m = mul i32 %v, 7\n"
                 "  %a = add i32 %m, 3\n"
                 "  %s = shl i32 %a, 2\n"
                 "  %t = xor i32 %s, %v\n"
                 "  store volatile i32 %t, ptr @counter\n"
                 "  ret void\n"
                 "}\n")
      .str();
}

TEST(CrossModule, TwinsThatReadNoArgumentFoldAcrossParameterLists) {
  Link L;
  L.add("@counter = external global i32\n@p = global i32 0\n" +
        argumentFreeTwin("define internal void @f(ptr nonnull %p, i32 %x) "
                         "local_unnamed_addr noinline") +
        "define void @use_f() {\n"
        "  call void @f(ptr nonnull @p, i32 1)\n  ret void\n}\n");
  L.add("@counter = external global i32\n" +
        argumentFreeTwin("define internal void @g(double noundef %d) "
                         "local_unnamed_addr noinline") +
        "define void @use_g() {\n"
        "  call void @g(double noundef 2.0)\n  ret void\n}\n");
  CrossModulePlan P = L.plan();
  ASSERT_EQ(folded(P).size(), 1u);
  EXPECT_TRUE(folded(P)[0]->ArgumentFree);
  EXPECT_EQ(members(L, *folded(P)[0]),
            (std::vector<std::string>{"0:f:erased", "1:g:erased"}));
  ASSERT_TRUE(L.rewrite(P));
  std::string Name = folded(P)[0]->KeptBody;
  std::string A = L.bodyText(0, Name), B = L.bodyText(1, Name);
  EXPECT_EQ(A, B);
  EXPECT_NE(A.find("void @" + Name + "()"), std::string::npos) << A;
  for (StringRef Use : {"use_f", "use_g"}) {
    size_t I = Use == "use_f" ? 0 : 1;
    std::string Caller = L.bodyText(I, Use);
    EXPECT_NE(Caller.find("call void @" + Name + "()\n"), std::string::npos)
        << Caller;
  }
}

TEST(CrossModule, CallsToABodyWithNoParametersPassNothingButMustTail) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M =
      parseIR(Ctx, std::string(Header) +
                       "define void @body() {\n  ret void\n}\n"
                       "define i32 @call(ptr %p) personality ptr null {\n"
                       "  call void @body(ptr nonnull %p, i32 1), !prof !0\n"
                       "  invoke void @body(ptr %p) to label %ok unwind "
                       "label %bad\n"
                       "ok:\n  ret i32 0\n"
                       "bad:\n  %l = landingpad { ptr, i32 } cleanup\n"
                       "  ret i32 1\n}\n"
                       "define void @tail(ptr %p) {\n"
                       "  musttail call void @body(ptr %p)\n  ret void\n}\n"
                       "!0 = !{!\"branch_weights\", i32 5}\n");
  ASSERT_TRUE(M);
  retypeCallsTo(*fn(*M, "body"));
  std::string Msg;
  raw_string_ostream OS(Msg);
  ASSERT_FALSE(verifyModule(*M, &OS)) << Msg;
  std::string Text;
  raw_string_ostream Out(Text);
  M->print(Out, nullptr);
  EXPECT_NE(Text.find("call void @body(), !prof !0"), std::string::npos)
      << Text;
  EXPECT_NE(Text.find("invoke void @body()\n"), std::string::npos) << Text;
  EXPECT_NE(Text.find("musttail call void @body(ptr %p)"), std::string::npos)
      << Text;
}

} // namespace

namespace {

/// Collects M's candidates, wanting every function for Why but `caller`,
/// which is wanted as a twin across modules.
ModuleCandidates collectWanting(Module &M, WantedAs Why) {
  CrossModuleCollectOptions Opts;
  Expected<ModuleCandidates> C = collectCrossModuleCandidates(
      M,
      [&](const Function &F) {
        return F.getName() == "caller" ? WantedAs::Twin : Why;
      },
      Opts);
  EXPECT_TRUE(bool(C)) << toString(C.takeError());
  return C ? std::move(*C) : ModuleCandidates();
}

std::vector<std::string> namesOf(const ModuleCandidates &C) {
  std::vector<std::string> Names;
  for (const CrossModuleCandidate &D : C.Candidates)
    Names.push_back(D.Name);
  return Names;
}

} // namespace

TEST(CrossModule, TwinsOfOneModuleAreListedOnlyWhenTheyReadNoArgument) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(
      Ctx, std::string(Header) +
               "define internal i32 @none(ptr %p) noinline {\n"
               "  ret i32 0\n}\n"
               "define internal i32 @empty() noinline {\n  ret i32 0\n}\n"
               "define internal i32 @reads(i32 %x) noinline {\n"
               "  ret i32 %x\n}\n"
               "define i32 @caller(i32 %x) {\n"
               "  %a = call i32 @none(ptr null)\n"
               "  %b = call i32 @empty()\n"
               "  %c = call i32 @reads(i32 %x)\n"
               "  %s = add i32 %a, %b\n  %t = add i32 %s, %c\n"
               "  ret i32 %t\n}\n");
  ASSERT_TRUE(M);
  ModuleCandidates Twins = collectWanting(*M, WantedAs::Twin);
  ModuleCandidates InModule =
      collectWanting(*M, WantedAs::ArgumentFreeTwinInModule);
  EXPECT_EQ(namesOf(Twins),
            (std::vector<std::string>{"none", "empty", "reads", "caller"}));
  // Wanted only as argument-free twins of their own module, @reads is not
  // listed, and @caller refers to the others by identity, as it would if
  // they were not listed at all: its encoding is the same either way.
  EXPECT_EQ(namesOf(InModule),
            (std::vector<std::string>{"none", "empty", "caller"}));
  ModuleCandidates Alone = collectWanting(*M, WantedAs::No);
  ASSERT_EQ(namesOf(Alone), (std::vector<std::string>{"caller"}));
  const CrossModuleCandidate &Caller = InModule.Candidates.back();
  EXPECT_TRUE(Caller.References.empty());
  EXPECT_EQ(Caller.Skeleton, Alone.Candidates.back().Skeleton);
  EXPECT_FALSE(Twins.Candidates.back().References.empty());
}
