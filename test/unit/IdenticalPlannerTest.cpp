//===- IdenticalPlannerTest.cpp - Who survives and how each member folds --===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// planIdenticalClass decides, from linkage, address significance, llvm.used,
// the merge mode and the calling convention, which function keeps the body and
// what becomes of every other one. A wrong answer is a miscompile (a call
// into an interposable body, a lost address, a thunk that cannot forward its
// arguments), so each rule has a row here: two equal functions, @g and @s,
// and the exact plan we expect. Rows that fold are then run through
// mergeModule to check that the IR ends up the way the plan says.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/identical/IdenticalPlanner.h"

#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

enum class Body { Plain, Varargs, Kernel, Tiny };

struct Member {
  const char *Linkage = "";
  const char *Addr = "";
  Body Kind = Body::Plain;
};

struct Expect {
  /// Set when the other member is refused; a substring of the reason.
  const char *Refusal = nullptr;
  FoldAction Action = FoldAction::Thunk;
  bool ReplaceAllUses = false;
};

struct PlanCase {
  const char *What;
  Member G, S;
  const char *KeptMember;
  Expect Other;
  MergeMode Mode = MergeMode::Safe;
  const char *Extra = "";
  bool NeedsPrivateBody = false;
  Expect KeptMemberFold = {};
};

std::string functionText(StringRef Name, const Member &M) {
  std::string L = M.Linkage, A = M.Addr, N = Name.str();
  switch (M.Kind) {
  case Body::Plain:
  case Body::Varargs:
    return "define " + L + " i32 @" + N + "(i32 %x" +
           (M.Kind == Body::Varargs ? ", ..." : "") + ") " + A +
           " {\n  %y = add i32 %x, 1\n  %z = mul i32 %y, 3\n  ret i32 %z\n}\n";
  case Body::Kernel:
    return "define " + L + " amdgpu_kernel void @" + N + "(ptr %p) " + A +
           " {\n  store i32 1, ptr %p\n  store i32 2, ptr %p\n  ret void\n}\n";
  case Body::Tiny:
    return "define " + L + " void @" + N + "() " + A + " {\n  ret void\n}\n";
  }
  return "";
}

const char *const UsedG = "@llvm.used = appending global [1 x ptr] [ptr @g], "
                          "section \"llvm.metadata\"\n";
const char *const CompilerUsedG =
    "@llvm.compiler.used = appending global [1 x ptr] [ptr @g], section "
    "\"llvm.metadata\"\n";
const char *const AmdGpu = "target triple = \"amdgcn-amd-amdhsa\"\n";
const char *const MachO = "target triple = \"x86_64-apple-macosx14.0.0\"\n";
const char *const ComdatG = "$g = comdat any\n";
const char *const ComdatGShared =
    "$g = comdat any\n@gv = weak_odr global i32 0, comdat($g)\n";
const char *const ComdatGAndS = "$g = comdat any\n$s = comdat any\n";
const char *const ComdatGCoff =
    "target triple = \"x86_64-pc-windows-msvc\"\n$g = comdat any\n";
const char *const ComdatS = "$s = comdat any\n";

constexpr FoldAction Erased = FoldAction::Erased, Alias = FoldAction::Alias,
                     Thunk = FoldAction::Thunk,
                     Redirected = FoldAction::CallersRedirected;
constexpr Member Ext = {};
const char *const Varargs = "cannot be forwarded";
const char *const NoCalls = "calling convention forbids calls";

const PlanCase Cases[] = {
    // An exact external survivor; what happens to @g by its linkage. Where
    // @g's address is as significant as @s's, @g is made hidden so that @s
    // still wins (default visibility first) instead of the name order.
    {"external twins: name decides", Ext, Ext, "g", {nullptr, Redirected}},
    {"external unnamed_addr", {"", "unnamed_addr"}, Ext, "s", {nullptr, Alias}},
    {"hidden local_unnamed_addr",
     {"hidden", "local_unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected, true}},
    {"hidden unnamed_addr",
     {"hidden", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Alias}},
    {"internal", {"internal"}, Ext, "s", {nullptr, Redirected}},
    {"internal unnamed_addr",
     {"internal", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Erased}},
    {"internal local_unnamed_addr",
     {"internal", "local_unnamed_addr"},
     Ext,
     "s",
     {nullptr, Erased}},
    {"private", {"private"}, Ext, "s", {nullptr, Redirected}},
    {"private unnamed_addr",
     {"private", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Erased}},
    {"linkonce", {"linkonce"}, Ext, "s", {nullptr, Thunk}},
    {"linkonce unnamed_addr",
     {"linkonce", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Thunk}},
    {"linkonce_odr", {"linkonce_odr"}, Ext, "s", {nullptr, Redirected}},
    {"linkonce_odr unnamed_addr",
     {"linkonce_odr", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Erased}},
    {"linkonce_odr local_unnamed_addr",
     {"linkonce_odr", "local_unnamed_addr"},
     Ext,
     "s",
     {nullptr, Erased}},
    {"weak", {"weak"}, Ext, "s", {nullptr, Thunk}},
    {"weak unnamed_addr", {"weak", "unnamed_addr"}, Ext, "s", {nullptr, Thunk}},
    {"weak_odr", {"weak_odr"}, Ext, "s", {nullptr, Redirected}},
    {"weak_odr unnamed_addr",
     {"weak_odr", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Alias}},
    {"weak_odr local_unnamed_addr",
     {"weak_odr", "local_unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected, true}},
    // Address significance from llvm.used, and mode `all`.
    {"internal unnamed_addr in llvm.used",
     {"internal", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected},
     MergeMode::Safe,
     UsedG},
    {"unnamed_addr in llvm.compiler.used",
     {"hidden", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected},
     MergeMode::Safe,
     CompilerUsedG},
    {"mode all: address-significant external",
     Ext,
     Ext,
     "g",
     {nullptr, Alias},
     MergeMode::All},
    {"mode all: internal",
     {"internal"},
     Ext,
     "s",
     {nullptr, Erased},
     MergeMode::All},
    {"mode all: linkonce_odr",
     {"linkonce_odr"},
     Ext,
     "s",
     {nullptr, Erased},
     MergeMode::All},
    {"mode all: weak stays a thunk",
     {"weak"},
     Ext,
     "s",
     {nullptr, Thunk},
     MergeMode::All},
    {"mode all: llvm.used still counts",
     {"hidden", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected},
     MergeMode::All,
     UsedG},
    // Aliases where the object format or comdats do not allow them.
    {"Mach-O: no aliases",
     {"", "unnamed_addr"},
     Ext,
     "s",
     {nullptr, Redirected, true},
     MergeMode::Safe,
     MachO},
    {"comdat member: no alias",
     {"", "unnamed_addr comdat"},
     Ext,
     "s",
     {nullptr, Redirected, true},
     MergeMode::Safe,
     ComdatG},
    {"weak_odr alone in its comdat (ELF): alias",
     {"weak_odr", "unnamed_addr comdat"},
     Ext,
     "s",
     {nullptr, Alias},
     MergeMode::Safe,
     ComdatG},
    {"weak_odr sharing its comdat: no alias",
     {"weak_odr", "unnamed_addr comdat"},
     Ext,
     "s",
     {nullptr, Redirected, true},
     MergeMode::Safe,
     ComdatGShared},
    {"weak_odr alone in its comdat, COFF: no alias",
     {"weak_odr", "unnamed_addr comdat"},
     Ext,
     "s",
     {nullptr, Redirected, true},
     MergeMode::Safe,
     ComdatGCoff},
    {"comdat survivor: no alias",
     {"", "unnamed_addr"},
     {"", "comdat"},
     "s",
     {nullptr, Redirected, true},
     MergeMode::Safe,
     ComdatS},
    // Where no thunk can be made.
    {"varargs: no thunk",
     {"", "", Body::Varargs},
     {"", "", Body::Varargs},
     "g",
     {Varargs}},
    {"varargs weak: no thunk",
     {"weak", "", Body::Varargs},
     {"", "", Body::Varargs},
     "s",
     {Varargs}},
    {"varargs internal unnamed_addr: erased needs no thunk",
     {"internal", "unnamed_addr", Body::Varargs},
     {"", "", Body::Varargs},
     "s",
     {nullptr, Erased}},
    {"varargs unnamed_addr: alias needs no thunk",
     {"", "unnamed_addr", Body::Varargs},
     {"", "", Body::Varargs},
     "s",
     {nullptr, Alias}},
    {"kernel: no thunk",
     {"", "", Body::Kernel},
     {"", "", Body::Kernel},
     "g",
     {NoCalls},
     MergeMode::Safe,
     AmdGpu},
    {"kernel internal unnamed_addr: erased",
     {"internal", "unnamed_addr", Body::Kernel},
     {"", "", Body::Kernel},
     "s",
     {nullptr, Erased},
     MergeMode::Safe,
     AmdGpu},
    {"kernel unnamed_addr: alias",
     {"", "unnamed_addr", Body::Kernel},
     {"", "", Body::Kernel},
     "s",
     {nullptr, Alias},
     MergeMode::Safe,
     AmdGpu},
    {"tiny body: thunk does not pay",
     {"", "", Body::Tiny},
     {"", "", Body::Tiny},
     "g",
     {"not smaller"}},
    {"tiny body internal unnamed_addr: erased",
     {"internal", "unnamed_addr", Body::Tiny},
     {"", "", Body::Tiny},
     "s",
     {nullptr, Erased}},
    // No exact body: the survivor's body moves to a private copy.
    {"private body: linkonce_odr + weak_odr",
     {"linkonce_odr"},
     {"weak_odr"},
     "s",
     {nullptr, Redirected},
     MergeMode::Safe,
     "",
     true,
     {nullptr, Redirected}},
    {"private body: linkonce_odr unnamed_addr twins",
     {"linkonce_odr", "unnamed_addr"},
     {"linkonce_odr", "unnamed_addr"},
     "g",
     {nullptr, Erased},
     MergeMode::Safe,
     "",
     true,
     {nullptr, Erased}},
    {"private body: weak twins",
     {"weak"},
     {"weak"},
     "g",
     {nullptr, Thunk},
     MergeMode::Safe,
     "",
     true,
     {nullptr, Thunk}},
    {"private body: weak survives linkonce",
     {"linkonce"},
     {"weak"},
     "s",
     {nullptr, Thunk},
     MergeMode::Safe,
     "",
     true,
     {nullptr, Thunk}},
    {"private body: weak_odr unnamed_addr becomes alias",
     {"linkonce_odr", "unnamed_addr"},
     {"weak_odr", "unnamed_addr"},
     "s",
     {nullptr, Erased},
     MergeMode::Safe,
     "",
     true,
     {nullptr, Alias}},
    {"private body: weak_odr twins alone in their comdats become aliases",
     {"weak_odr", "unnamed_addr comdat"},
     {"weak_odr", "unnamed_addr comdat"},
     "g",
     {nullptr, Alias},
     MergeMode::Safe,
     ComdatGAndS,
     true,
     {nullptr, Alias}},
    {"private body: survivor cannot forward",
     {"linkonce_odr", "unnamed_addr", Body::Varargs},
     {"weak", "", Body::Varargs},
     "s",
     {"no member has a body"},
     MergeMode::Safe,
     "",
     true},
};

struct Planned {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  IdenticalPlan Plan;
};

std::string moduleText(const PlanCase &C) {
  return std::string(C.Extra) + functionText("g", C.G) + functionText("s", C.S);
}

void checkMember(const IdenticalPlan &Plan, const Function &F,
                 const Expect &E) {
  for (const Refusal &R : Plan.Refusals)
    if (R.Fn == &F) {
      ASSERT_TRUE(E.Refusal) << "unexpected refusal: " << R.Reason.str();
      EXPECT_NE(R.Reason.find(E.Refusal), StringRef::npos) << R.Reason.str();
      return;
    }
  ASSERT_FALSE(E.Refusal) << "expected a refusal containing " << E.Refusal;
  ASSERT_EQ(Plan.Members.size(), 1u);
  EXPECT_EQ(Plan.Members[0].Fn, &F);
  EXPECT_EQ(foldActionName(Plan.Members[0].Action), foldActionName(E.Action));
  EXPECT_EQ(Plan.Members[0].ReplaceAllUses, E.ReplaceAllUses);
}

TEST(IdenticalPlanner, EveryLinkageRule) {
  for (const PlanCase &C : Cases) {
    SCOPED_TRACE(C.What);
    LLVMContext Ctx;
    auto M = parseIR(Ctx, moduleText(C));
    ASSERT_TRUE(M);
    Function *G = fn(*M, "g"), *S = fn(*M, "s");
    ASSERT_TRUE(G && S);
    {
      ModuleEncoder E(*M);
      ASSERT_EQ(E.compare(*G, *S), 0) << "the members must be equal";
    }
    Function *Members[] = {G, S};
    IdenticalPlan Plan =
        planIdenticalClass(Members, collectModuleFacts(*M), C.Mode);
    ASSERT_TRUE(Plan.KeptMember);
    EXPECT_EQ(Plan.KeptMember->getName(), C.KeptMember);
    EXPECT_EQ(Plan.NeedsPrivateBody, C.NeedsPrivateBody);
    Function &Other = Plan.KeptMember == G ? *S : *G;
    checkMember(Plan, Other, C.Other);
    if (C.NeedsPrivateBody && !C.Other.Refusal) {
      EXPECT_EQ(Plan.KeptMemberFold.Fn, Plan.KeptMember);
      EXPECT_EQ(foldActionName(Plan.KeptMemberFold.Action),
                foldActionName(C.KeptMemberFold.Action));
      EXPECT_EQ(Plan.KeptMemberFold.ReplaceAllUses,
                C.KeptMemberFold.ReplaceAllUses);
    }
  }
}

TEST(IdenticalPlanner, ExactExternalBodyWinsOverEveryOtherMember) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, functionText("a", {"internal", "unnamed_addr"}) +
                            functionText("b", {"weak"}) +
                            functionText("c", {"linkonce_odr"}) +
                            functionText("z", Ext));
  ASSERT_TRUE(M);
  Function *Members[] = {fn(*M, "a"), fn(*M, "b"), fn(*M, "c"), fn(*M, "z")};
  IdenticalPlan Plan =
      planIdenticalClass(Members, collectModuleFacts(*M), MergeMode::Safe);
  ASSERT_TRUE(Plan.KeptMember);
  EXPECT_EQ(Plan.KeptMember->getName(), "z");
  EXPECT_FALSE(Plan.NeedsPrivateBody);
  ASSERT_EQ(Plan.Members.size(), 3u);
  // Folded members keep module order.
  EXPECT_EQ(Plan.Members[0].Fn->getName(), "a");
  EXPECT_EQ(Plan.Members[0].Action, Erased);
  EXPECT_EQ(Plan.Members[1].Fn->getName(), "b");
  EXPECT_EQ(Plan.Members[1].Action, Thunk);
  EXPECT_EQ(Plan.Members[2].Fn->getName(), "c");
  EXPECT_EQ(Plan.Members[2].Action, Redirected);
  EXPECT_TRUE(Plan.Refusals.empty());
}

/// An exported member without unnamed_addr keeps its address, unless the
/// link says that no input uses it and the module only calls it.
TEST(IdenticalPlanner, LinkAddressFreeMemberBecomesAlias) {
  struct Row {
    const char *What;
    const char *Extra;
    bool OnList;
    FoldAction Expected;
  } Rows[] = {
      {"not on the list", "", false, Redirected},
      {"on the list", "", true, Alias},
      {"on the list, address stored here", "@p = global ptr @g\n", true,
       Redirected},
      {"on the list, in llvm.used", UsedG, true, Redirected},
  };
  for (const Row &R : Rows) {
    SCOPED_TRACE(R.What);
    LLVMContext Ctx;
    auto M = parseIR(Ctx, std::string(R.Extra) + functionText("g", Ext) +
                              functionText("s", Ext));
    ASSERT_TRUE(M);
    Function *G = fn(*M, "g"), *S = fn(*M, "s");
    DenseSet<uint64_t> List;
    if (R.OnList)
      List.insert(linkGUID(*G));
    Function *Members[] = {G, S};
    IdenticalPlan Plan = planIdenticalClass(
        Members, collectModuleFacts(*M, {&List}), MergeMode::Safe);
    // When g's address is free, s (whose address is kept) survives, though
    // g sorts first.
    bool GFree = R.Expected == Alias;
    ASSERT_EQ(Plan.KeptMember, GFree ? S : G);
    ASSERT_EQ(Plan.Members.size(), 1u);
    EXPECT_EQ(foldActionName(Plan.Members[0].Action),
              foldActionName(R.Expected));
  }
}

/// The thin link renames a promoted local `<name>.llvm.<hash>`; the link's
/// list knows it by the GUID its module summary gave it as a local.
TEST(IdenticalPlanner, LinkGUIDOfPromotedLocal) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, "source_filename = \"dir/x.c\"\n" +
                            functionText("helper.llvm.1234", {"hidden"}) +
                            functionText("plain.llvm.v2", Ext) +
                            functionText("local", {"internal"}));
  ASSERT_TRUE(M);
  EXPECT_EQ(linkGUID(*fn(*M, "helper.llvm.1234")),
            GlobalValue::getGUIDAssumingExternalLinkage(
                GlobalValue::getGlobalIdentifier(
                    "helper", GlobalValue::InternalLinkage, "dir/x.c")));
  EXPECT_EQ(linkGUID(*fn(*M, "plain.llvm.v2")),
            GlobalValue::getGUIDAssumingExternalLinkage("plain.llvm.v2"));
  EXPECT_EQ(linkGUID(*fn(*M, "local")), fn(*M, "local")->getGUID());
}

TEST(IdenticalPlanner, DefaultVisibilityPreferredOverHidden) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, functionText("a", {"hidden"}) + functionText("b", Ext));
  ASSERT_TRUE(M);
  Function *Members[] = {fn(*M, "a"), fn(*M, "b")};
  IdenticalPlan Plan =
      planIdenticalClass(Members, collectModuleFacts(*M), MergeMode::Safe);
  ASSERT_TRUE(Plan.KeptMember);
  EXPECT_EQ(Plan.KeptMember->getName(), "b");
}

/// What a user of @g sees after the merge, for every row that folds @g.
TEST(IdenticalPlanner, MergedModuleFollowsThePlan) {
  for (const PlanCase &C : Cases) {
    if (C.Other.Refusal || StringRef(C.KeptMember) != "s" ||
        C.G.Kind != Body::Plain || C.NeedsPrivateBody)
      continue;
    SCOPED_TRACE(C.What);
    LLVMContext Ctx;
    std::string Text = moduleText(C) + "define i32 @user(ptr %slot) {\n"
                                       "  store ptr @g, ptr %slot\n"
                                       "  %r = call i32 @g(i32 1)\n"
                                       "  %q = call i32 @s(i32 %r)\n"
                                       "  ret i32 %q\n}\n";
    auto M = parseIR(Ctx, Text);
    ASSERT_TRUE(M);
    MergeOptions Opts;
    Opts.Mode = C.Mode;
    std::optional<MergeResult> R = merge(*M, Opts, serialRunner());
    ASSERT_TRUE(R);
    ASSERT_EQ(R->Groups.size(), 1u);
    const FoldGroup &Group = R->Groups[0];
    EXPECT_EQ(Group.KeptMember, "s");
    EXPECT_EQ(Group.KeptBody, "s");
    ASSERT_EQ(Group.Members.size(), 1u);
    EXPECT_EQ(Group.Members[0].Name, "g");
    EXPECT_EQ(foldActionName(Group.Members[0].Action),
              foldActionName(C.Other.Action));

    Function *User = fn(*M, "user");
    ASSERT_TRUE(User);
    auto *Store = cast<StoreInst>(&User->front().front());
    auto *Call = cast<CallInst>(Store->getNextNode());
    std::string Stored = Store->getValueOperand()->getName().str();
    std::string Called = Call->getCalledOperand()->getName().str();
    switch (C.Other.Action) {
    case FoldAction::Erased:
      EXPECT_FALSE(M->getNamedValue("g"));
      EXPECT_EQ(Stored, "s");
      EXPECT_EQ(Called, "s");
      break;
    case FoldAction::Alias:
      ASSERT_TRUE(M->getNamedAlias("g"));
      EXPECT_EQ(M->getNamedAlias("g")->getAliasee(), fn(*M, "s"));
      EXPECT_EQ(Stored, "s");
      EXPECT_EQ(Called, "s");
      break;
    case FoldAction::Thunk:
      ASSERT_TRUE(fn(*M, "g"));
      EXPECT_EQ(fn(*M, "g")->getInstructionCount(), 2u);
      EXPECT_EQ(Stored, "g");
      EXPECT_EQ(Called, "g") << "never bypass an interposable function";
      break;
    case FoldAction::CallersRedirected:
      ASSERT_TRUE(fn(*M, "g"));
      EXPECT_EQ(fn(*M, "g")->getInstructionCount(), 2u);
      EXPECT_EQ(Stored, C.Other.ReplaceAllUses ? "s" : "g");
      EXPECT_EQ(Called, "s");
      break;
    }
  }
}

// With no exact member the body moves into a new internal function, named
// after the kept member, and no call is introduced into a body another
// definition could replace. (@g's address is stored, so that @g stays as a
// thunk: an unused linkonce_odr member would go.)
TEST(IdenticalPlanner, PrivateBodyWhenNoMemberIsExact) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, "@keep = global ptr @g\n" +
                            functionText("g", {"linkonce_odr"}) +
                            functionText("s", {"weak_odr"}));
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Groups.size(), 1u);
  const FoldGroup &Group = R->Groups[0];
  EXPECT_EQ(Group.KeptMember, "s");
  EXPECT_TRUE(Group.KeptMemberForwarded);
  EXPECT_EQ(Group.KeptMemberAction, Redirected);
  Function *Body = fn(*M, Group.KeptBody);
  ASSERT_TRUE(Body);
  EXPECT_EQ(Group.KeptBody, "s.lmf.body");
  EXPECT_TRUE(Body->hasInternalLinkage());
  EXPECT_EQ(Body->getInstructionCount(), 3u);
  for (const char *Name : {"g", "s"}) {
    Function *F = fn(*M, Name);
    ASSERT_TRUE(F);
    auto *Call = dyn_cast<CallInst>(&F->front().front());
    ASSERT_TRUE(Call) << printFunction(*F);
    EXPECT_EQ(Call->getCalledOperand(), Body) << printFunction(*F);
  }
}

} // namespace
