//===- Oracles.cpp - What a correct merge must look like ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The snapshots line instructions up by the walk order the merger itself
// uses (core/equality/WalkOrder.h): equal functions have the same shape in that
// order, whatever their block layout. What counts as a fact the body may
// only keep when all members had it (flags, intersectable metadata and
// attributes) is read from the annotation table
// (test/support/AnnotationTable.h), which a unit test holds to the merger's
// own policy.
//
//===----------------------------------------------------------------------===//

#include "Oracles.h"

#include "core/equality/WalkOrder.h"
#include "test/support/AnnotationTable.h"
#include "test/support/InstructionFlags.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace lmf::fuzz {
namespace {
using namespace testsupport;

/// Metadata kinds that are optimizer facts: the table's intersectable kinds
/// (debug, profile and annotation data are ignored: the survivor keeps its
/// own).
const SmallVector<unsigned, 32> &factKinds() {
  static const SmallVector<unsigned, 32> Kinds = [] {
    SmallVector<unsigned, 32> Out;
    for (const MetadataEntry &E : instructionMetadata())
      if (E.R == Role::Intersectable)
        Out.push_back(E.Kind);
    return Out;
  }();
  return Kinds;
}

/// Attributes that are optimizer facts a body may keep only when every
/// member has them (at least as strong, for those merged by minimum). The
/// custom merges (range, memory, nofpclass, captures) weaken a fact in ways
/// an integer comparison cannot tell, so they are not checked here.
SmallVector<Attribute::AttrKind, 32>
checkableFacts(ArrayRef<AttributeEntry> Table) {
  SmallVector<Attribute::AttrKind, 32> Out;
  for (const AttributeEntry &E : Table)
    if (E.Merge != AttrMerge::Custom)
      Out.push_back(E.Kind);
  return Out;
}

/// The flags of I as a set of Flag bits.
uint32_t flagsOf(const Instruction &I) {
  uint32_t F = 0;
  for (const FlagEntry &E : instructionFlags())
    if (supportsFlag(I, E.F) && hasFlag(I, E.F))
      F |= 1u << unsigned(E.F);
  return F;
}

std::string flagNames(uint32_t Flags) {
  std::string Names;
  for (const FlagEntry &E : instructionFlags())
    if (Flags & (1u << unsigned(E.F)))
      Names += (Names.empty() ? "" : ", ") + std::string(E.Name);
  return Names;
}

void collectAttrs(AttributeList AL, unsigned NumArgs,
                  std::vector<std::tuple<unsigned, unsigned, uint64_t>> &Out) {
  static const auto FunctionFacts = checkableFacts(functionAttributes());
  static const auto ValueFacts = checkableFacts(valueAttributes());
  auto Add = [&](unsigned Index, AttributeSet Set) {
    for (Attribute::AttrKind K :
         Index == AttributeList::FunctionIndex ? FunctionFacts : ValueFacts) {
      if (!Set.hasAttribute(K))
        continue;
      Attribute A = Set.getAttribute(K);
      Out.emplace_back(Index, K, A.isIntAttribute() ? A.getValueAsInt() : 0);
    }
  };
  Add(AttributeList::FunctionIndex, AL.getFnAttrs());
  Add(AttributeList::ReturnIndex, AL.getRetAttrs());
  for (unsigned A = 0; A < NumArgs; ++A)
    Add(AttributeList::FirstArgIndex + A, AL.getParamAttrs(A));
}

/// The function facts of the function CB calls, directly or through a
/// local alias.
std::vector<std::tuple<unsigned, unsigned, uint64_t>>
factsOfCallee(const CallBase &CB) {
  std::vector<std::tuple<unsigned, unsigned, uint64_t>> Own;
  const Value *Target = CB.getCalledOperand()->stripPointerCasts();
  if (const auto *GA = dyn_cast<GlobalAlias>(Target))
    Target =
        GA->hasLocalLinkage() ? GA->getAliasee()->stripPointerCasts() : nullptr;
  if (const auto *Callee = dyn_cast_or_null<Function>(Target))
    collectAttrs(Callee->getAttributes(), 0, Own);
  return Own;
}

/// Call-site function facts that the callee has itself: see CalleeFacts.
void applyFactsOfCallee(
    const CallBase &CB, CalleeFacts How,
    std::vector<std::tuple<unsigned, unsigned, uint64_t>> &Attrs) {
  for (const auto &A : factsOfCallee(CB)) {
    if (std::get<0>(A) != AttributeList::FunctionIndex)
      continue;
    bool Has = llvm::is_contained(Attrs, A);
    if (How == CalleeFacts::OfTheCallee && Has)
      llvm::erase(Attrs, A);
    else if (How == CalleeFacts::OfTheCall && !Has)
      Attrs.push_back(A);
  }
}

SmallPtrSet<const GlobalValue *, 16> usedGlobals(const Module &M) {
  SmallPtrSet<const GlobalValue *, 16> Used;
  for (const char *Name : {"llvm.used", "llvm.compiler.used"}) {
    const GlobalVariable *GV = M.getGlobalVariable(Name);
    if (!GV || !GV->hasInitializer())
      continue;
    if (const auto *CA = dyn_cast<ConstantArray>(GV->getInitializer()))
      for (const Use &U : CA->operands())
        if (const auto *G = dyn_cast<GlobalValue>(U.get()->stripPointerCasts()))
          Used.insert(G);
  }
  return Used;
}

using AttrTuple = std::tuple<unsigned, unsigned, uint64_t>;

/// Whether fact A of a body is allowed by the facts Members of one member:
/// the member has the same kind at the same place, and for integer facts
/// (dereferenceable, align) at least the body's value.
bool attrAllowed(const AttrTuple &A, const std::vector<AttrTuple> &Member) {
  for (const AttrTuple &M : Member)
    if (std::get<0>(M) == std::get<0>(A) && std::get<1>(M) == std::get<1>(A))
      return std::get<2>(A) <= std::get<2>(M);
  return false;
}

std::string attrText(const AttrTuple &A) {
  unsigned Index = std::get<0>(A);
  std::string Where =
      Index == AttributeList::FunctionIndex ? "function"
      : Index == AttributeList::ReturnIndex
          ? "return"
          : "param " + std::to_string(Index - AttributeList::FirstArgIndex);
  std::string Text =
      Where + " " +
      Attribute::getNameFromAttrKind(Attribute::AttrKind(std::get<1>(A))).str();
  if (std::get<2>(A))
    Text += "(" + std::to_string(std::get<2>(A)) + ")";
  return Text;
}

void checkIntersection(const FoldGroup &G, const FunctionSnapshot &Body,
                       const std::vector<const FunctionSnapshot *> &Members,
                       std::vector<std::string> &Problems) {
  auto Problem = [&](const std::string &What) {
    Problems.push_back("fold body @" + G.KeptBody + " (survivor @" +
                       G.KeptMember + "): " + What);
  };
  for (const FunctionSnapshot *M : Members) {
    if (M->Insts.size() != Body.Insts.size()) {
      Problem("a folded function has " + std::to_string(M->Insts.size()) +
              " instructions, the body " + std::to_string(Body.Insts.size()));
      return;
    }
  }
  for (const AttrTuple &A : Body.Attrs)
    for (const FunctionSnapshot *M : Members)
      if (!attrAllowed(A, M->Attrs)) {
        Problem("keeps " + attrText(A) + " that a folded function lacked");
        break;
      }
  for (size_t I = 0; I < Body.Insts.size(); ++I) {
    const FunctionSnapshot::Inst &B = Body.Insts[I];
    for (const FunctionSnapshot *M : Members) {
      const FunctionSnapshot::Inst &X = M->Insts[I];
      std::string Where = "instruction " + std::to_string(I) + " (" +
                          Instruction::getOpcodeName(B.Opcode) + ")";
      if (X.Opcode != B.Opcode) {
        Problem(Where + " is a " + Instruction::getOpcodeName(X.Opcode) +
                " in a folded function");
        return;
      }
      if (B.Flags & ~X.Flags)
        Problem(Where + " keeps flags " + flagNames(B.Flags & ~X.Flags) +
                " that a folded function lacked");
      for (unsigned K : B.MDKinds)
        if (!llvm::is_contained(X.MDKinds, K))
          Problem(Where + " keeps metadata kind " + std::to_string(K) +
                  " that a folded function lacked");
      for (const AttrTuple &A : B.Attrs)
        if (!attrAllowed(A, X.Attrs))
          Problem(Where + " keeps call-site " + attrText(A) +
                  " that a folded function lacked");
    }
  }
}

bool erasesOrAliases(FoldAction A) {
  return A == FoldAction::Erased || A == FoldAction::Alias;
}

} // namespace

FunctionSnapshot snapshotFunction(const Function &F, CalleeFacts How) {
  FunctionSnapshot S;
  for (const BasicBlock *BB : blocksInWalkOrder(F)) {
    for (const Instruction &I : *BB) {
      FunctionSnapshot::Inst X;
      X.Opcode = I.getOpcode();
      X.Flags = flagsOf(I);
      for (unsigned K : factKinds())
        if (I.getMetadata(K))
          X.MDKinds.push_back(K);
      if (const auto *CB = dyn_cast<CallBase>(&I)) {
        collectAttrs(CB->getAttributes(), CB->arg_size(), X.Attrs);
        applyFactsOfCallee(*CB, How, X.Attrs);
      }
      S.Insts.push_back(std::move(X));
    }
  }
  collectAttrs(F.getAttributes(), F.arg_size(), S.Attrs);
  S.Alignment = F.getAlign() ? F.getAlign()->value() : 1;
  S.Interposable = F.isInterposable();
  S.Unused = F.isDiscardableIfUnused() && all_of(F.users(), [&](const User *U) {
               const auto *I = dyn_cast<Instruction>(U);
               return I && I->getFunction() == &F;
             });
  S.UnnamedAddr = F.hasGlobalUnnamedAddr();
  S.LocalUnnamedAddr = F.hasAtLeastLocalUnnamedAddr();
  // A call through another function type is still a call: it cannot
  // observe the address (the merger erases a local function whose only
  // use left is such a call of itself, see IdenticalRewriter.cpp). A
  // linkonce function is discarded alike: every unit that names it brings
  // its own copy.
  S.AddressUnobservable =
      F.isDiscardableIfUnused() &&
      !F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                         /*IgnoreAssumeLikeCalls=*/true,
                         /*IngoreLLVMUsed=*/false,
                         /*IgnoreARCAttachedCall=*/false,
                         /*IgnoreCastedDirectCall=*/true);
  return S;
}

StringMap<FunctionSnapshot> snapshotModule(const Module &M) {
  StringMap<FunctionSnapshot> Snaps;
  SmallPtrSet<const GlobalValue *, 16> Used = usedGlobals(M);
  for (const Function &F : M) {
    if (F.isDeclaration() || !F.hasName())
      continue;
    FunctionSnapshot S = snapshotFunction(F, CalleeFacts::OfTheCall);
    S.Used = Used.count(&F);
    Snaps[F.getName()] = std::move(S);
  }
  return Snaps;
}

/// A member whose calls were rewritten to reach Body is gone: in safe mode
/// its address must have been unobservable, and nothing may have replaced
/// it at link time.
static void checkRewrittenMember(const Module &After, StringRef Name,
                                 StringRef Body,
                                 const StringMap<FunctionSnapshot> &Before,
                                 MergeMode Mode,
                                 std::vector<std::string> &Problems) {
  auto It = Before.find(Name);
  if (It == Before.end())
    return;
  const FunctionSnapshot &S = It->second;
  std::string Who =
      "@" + Name.str() + " (calls rewritten to @" + Body.str() + ")";
  if (S.Interposable)
    Problems.push_back(Who + ": an interposable function disappeared");
  if (Mode == MergeMode::Safe &&
      (S.Used || !(S.AddressUnobservable || S.LocalUnnamedAddr)))
    Problems.push_back(Who + ": its address was significant");
  if (After.getFunction(Name))
    Problems.push_back(Who + ": still defined");
}

/// A body a stage (Kind) created is a new internal, exact definition,
/// unless the aligned stage merged it again in a later round (it is then a
/// member of a later aligned group, and checked through that group).
static void checkCreatedBody(const Module &After, StringRef Kind,
                             StringRef Name, const StringSet<> &MergedAgain,
                             std::vector<std::string> &Problems) {
  if (MergedAgain.contains(Name))
    return;
  const Function *Body = After.getFunction(Name);
  if (!Body || Body->isDeclaration())
    Problems.push_back((Kind + " body @" + Name + " is missing").str());
  else if (!Body->hasInternalLinkage())
    Problems.push_back((Kind + " body @" + Name + " is not internal").str());
}

/// The functions the aligned stage took as members.
static StringSet<> alignedMembers(const MergeResult &Result) {
  StringSet<> Members;
  for (const AlignedGroup &G : Result.Aligned)
    for (const MergedMember &M : G.Members)
      Members.insert(M.Name);
  return Members;
}

/// Similar members whose calls were rewritten, and the shared bodies.
static void checkSimilar(const Module &After, const MergeResult &Result,
                         const StringMap<FunctionSnapshot> &Before,
                         const StringSet<> &MergedAgain, MergeMode Mode,
                         std::vector<std::string> &Problems) {
  for (const SimilarGroup &G : Result.Similar) {
    for (const MergedMember &M : G.Members)
      if (M.Action == MergeAction::CallsRewritten)
        checkRewrittenMember(After, M.Name, G.KeptBody, Before, Mode, Problems);
    checkCreatedBody(After, "similar", G.KeptBody, MergedAgain, Problems);
  }
}

/// The same for an aligned pair's members, whose calls pass an identifier;
/// besides, no merged body failed the verifier (the stage would have left
/// the pair apart and counted a refusal).
static void checkAligned(const Module &After, const MergeResult &Result,
                         const StringMap<FunctionSnapshot> &Before,
                         const StringSet<> &MergedAgain, MergeMode Mode,
                         std::vector<std::string> &Problems) {
  for (const RefusedMember &R : Result.AlignedRefusals)
    Problems.push_back("aligned pair @" + R.Name + "/@" + R.ClassName +
                       " refused: " + R.Reason);
  for (const AlignedGroup &G : Result.Aligned) {
    for (const MergedMember &M : G.Members)
      if (M.Action == MergeAction::CallsRewritten)
        checkRewrittenMember(After, M.Name, G.KeptBody, Before, Mode, Problems);
    checkCreatedBody(After, "aligned", G.KeptBody, MergedAgain, Problems);
  }
}

std::vector<std::string> checkMerge(const Module &After,
                                    const MergeResult &Result,
                                    const StringMap<FunctionSnapshot> &Before,
                                    MergeMode Mode) {
  std::vector<std::string> Problems;
  // A body folded again in a later round (now a thunk, alias or gone) is
  // checked through that round's group.
  StringSet<> FoldedLater;
  for (const FoldGroup &G : Result.Groups) {
    for (const FoldedMember &M : G.Members)
      FoldedLater.insert(M.Name);
    if (G.KeptMemberForwarded)
      FoldedLater.insert(G.KeptMember);
  }
  // The similar stage runs last: a body it shared is a thunk now, or gone.
  for (const SimilarGroup &G : Result.Similar)
    for (const MergedMember &M : G.Members)
      FoldedLater.insert(M.Name);
  // The aligned stage runs after it: the same.
  StringSet<> AlignedMembers = alignedMembers(Result);
  for (const auto &Name : AlignedMembers)
    FoldedLater.insert(Name.getKey());
  checkSimilar(After, Result, Before, AlignedMembers, Mode, Problems);
  checkAligned(After, Result, Before, AlignedMembers, Mode, Problems);
  for (const FoldGroup &G : Result.Groups) {
    auto Find = [&](const std::string &Name) -> const FunctionSnapshot * {
      auto It = Before.find(Name);
      return It == Before.end() ? nullptr : &It->second;
    };
    const FunctionSnapshot *KeptMember = Find(G.KeptMember);
    std::vector<const FunctionSnapshot *> Members;
    if (KeptMember)
      Members.push_back(KeptMember);
    for (const FoldedMember &M : G.Members) {
      const FunctionSnapshot *S = Find(M.Name);
      if (!S)
        continue;
      Members.push_back(S);
      std::string Who = "@" + M.Name + " (" + foldActionName(M.Action).str() +
                        " into @" + G.KeptBody + ")";
      // Unless nothing used it: a linkonce function may then go.
      if (S->Interposable && M.Action != FoldAction::Thunk &&
          !(M.Action == FoldAction::Erased && S->Unused))
        Problems.push_back(Who + ": an interposable function must stay a "
                                 "thunk");
      if (Mode == MergeMode::Safe && erasesOrAliases(M.Action) &&
          (S->Used ||
           (M.Action == FoldAction::Erased && !S->LocalUnnamedAddr &&
            !S->AddressUnobservable) ||
           (M.Action == FoldAction::Alias && !S->UnnamedAddr)))
        Problems.push_back(Who + ": its address was significant");
    }
    const Function *Body = After.getFunction(G.KeptBody);
    if (!Body || Body->isDeclaration() || FoldedLater.contains(G.KeptBody))
      continue;
    if (!Body->hasExactDefinition())
      Problems.push_back("fold body @" + G.KeptBody +
                         " may be replaced at link time (" +
                         (Body->isInterposable() ? "interposable"
                                                 : "not an exact definition") +
                         ")");
    uint64_t Need = 1;
    for (const FoldedMember &M : G.Members)
      if (const FunctionSnapshot *S = Find(M.Name);
          S && erasesOrAliases(M.Action))
        Need = std::max(Need, S->Alignment);
    if (KeptMember && G.KeptMemberForwarded &&
        erasesOrAliases(G.KeptMemberAction))
      Need = std::max(Need, KeptMember->Alignment);
    uint64_t Have = Body->getAlign() ? Body->getAlign()->value() : 1;
    if (Have < Need)
      Problems.push_back("fold body @" + G.KeptBody + " has align " +
                         std::to_string(Have) +
                         " but takes the address of a "
                         "function aligned to " +
                         std::to_string(Need));
    checkIntersection(G, snapshotFunction(*Body, CalleeFacts::OfTheCallee),
                      Members, Problems);
  }
  return Problems;
}

std::string checkTotalOrder(const std::vector<std::vector<int>> &C,
                            uint64_t &TriplesChecked) {
  size_t N = C.size();
  auto Name = [](size_t I) { return "#" + std::to_string(I); };
  for (size_t A = 0; A < N; ++A) {
    if (C[A][A] != 0)
      return "reflexivity: compare(" + Name(A) + ", itself) != 0";
    for (size_t B = 0; B < N; ++B)
      if (C[A][B] != -C[B][A])
        return "antisymmetry: " + Name(A) + " vs " + Name(B);
  }
  // The names are only written for a violation: this loop runs millions of
  // times per campaign.
  auto Triple = [&](size_t A, size_t B, size_t D) {
    return Name(A) + ", " + Name(B) + ", " + Name(D);
  };
  for (size_t A = 0; A < N; ++A)
    for (size_t B = 0; B < N; ++B)
      for (size_t D = 0; D < N; ++D) {
        ++TriplesChecked;
        int AB = C[A][B], BD = C[B][D], AD = C[A][D];
        if (AB == 0 && BD == 0 && AD != 0)
          return "transitivity of ==: " + Triple(A, B, D);
        if (AB < 0 && BD < 0 && AD >= 0)
          return "transitivity of <: " + Triple(A, B, D);
        if (AB <= 0 && BD <= 0 && AD > 0)
          return "transitivity of <=: " + Triple(A, B, D);
      }
  return "";
}

} // namespace lmf::fuzz
