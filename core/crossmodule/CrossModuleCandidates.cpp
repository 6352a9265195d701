//===- CrossModuleCandidates.cpp - One module's side of the plan ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Before a ThinLTO link, our ld.lld reads every module it may rewrite and
// asks each, on its own thread and in its own LLVMContext, for the functions
// that may have twins in other modules. This file answers for one module:
// which functions take part, what the planner must know to decide how each
// may be folded (its linkage, whether its address matters, whether a thunk
// can replace it), and its encoding in cross-module form
// (CrossModuleReferences.h) with the facts its twins may not share
// (CrossModuleAnnotations.h). The module is usually loaded lazily: only the
// bodies of the functions the caller wants are read, and the module-level
// metadata (flags, profile summary) before anything else.
//
// The rules mirror the one-module planner (IdenticalPlanner.cpp), with what a
// lazily loaded module cannot tell replaced by what the link knows:
//  * a function takes part when it is eligible (Eligibility.h) and its
//    linkage is local, external, linkonce_odr or weak_odr: another
//    definition can replace neither its body nor its callers' view of it;
//  * its address is free when nothing may compare it: a local one marked
//    local_unnamed_addr (the compiler saw every use), an exported one marked
//    unnamed_addr or on the link's list of functions whose address no input
//    uses; not when it is in llvm.used. The use lists of a lazily loaded
//    module miss the unread bodies, so they are never consulted;
//  * a call to it may stand for its class when its body is final
//    (bodyIsFinal), its address when, besides, the address is free.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModuleCandidates.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ArgumentFreeBodies.h"
#include "core/equality/CrossModuleReferences.h"
#include "core/equality/Eligibility.h"
#include "core/equality/GlobalNumbering.h"
#include "core/equality/ParameterPositions.h"
#include "core/facts/ByteModel.h"
#include "core/facts/ModuleFacts.h"
#include "core/facts/ProfileFacts.h"
#include "core/similar/ConstantTables.h"
#include "core/similar/SimilarPlanner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <optional>

using namespace llvm;

namespace lmf {
namespace {

std::optional<CrossModuleLinkage> crossModuleLinkage(const Function &F) {
  if (F.hasLocalLinkage())
    return CrossModuleLinkage::Local;
  if (F.hasExternalLinkage())
    return CrossModuleLinkage::External;
  if (F.hasLinkOnceODRLinkage())
    return CrossModuleLinkage::LinkOnceODR;
  if (F.hasWeakODRLinkage())
    return CrossModuleLinkage::WeakODR;
  return std::nullopt;
}

/// What else in the module holds on to a function: aliases of it (which
/// may go with it when they are plain names for it), ifuncs that use it as
/// a resolver and aliases of an offset into it (which may not), and
/// comdats with more than one global object.
struct Attachments {
  DenseMap<const Function *, SmallVector<const GlobalAlias *, 2>> Aliases;
  SmallPtrSet<const GlobalObject *, 8> Pinned;
  DenseMap<const Comdat *, unsigned> ComdatMembers;

  explicit Attachments(const Module &M) {
    for (const GlobalAlias &GA : M.aliases()) {
      const auto *Fn = dyn_cast<Function>(GA.getAliasee()->stripPointerCasts());
      if (Fn)
        Aliases[Fn].push_back(&GA);
      else if (const GlobalObject *Obj = GA.getAliaseeObject())
        Pinned.insert(Obj);
    }
    for (const GlobalIFunc &GI : M.ifuncs())
      if (const Function *Resolver = GI.getResolverFunction())
        Pinned.insert(Resolver);
    for (const GlobalObject &GO : M.global_objects())
      if (const Comdat *C = GO.getComdat())
        ++ComdatMembers[C];
  }

  /// True when F may disappear with its aliases (whose names, in AliasNames,
  /// then refer to what replaces F): nothing pins it, its comdat holds no
  /// other object, and each alias is another name for F whose address is
  /// free as F's is (AliasFree).
  bool removable(const Function &F,
                 function_ref<bool(const GlobalAlias &)> AliasFree,
                 std::vector<std::string> &AliasNames) const {
    AliasNames.clear();
    if (Pinned.contains(&F))
      return false;
    const Comdat *C = F.getComdat();
    if (C && ComdatMembers.lookup(C) != 1)
      return false;
    auto It = Aliases.find(&F);
    if (It == Aliases.end())
      return true;
    for (const GlobalAlias *GA : It->second) {
      if (!AliasFree(*GA) || GA->hasLocalLinkage() != F.hasLocalLinkage() ||
          GA->isInterposable())
        return false;
      AliasNames.push_back(GA->getName().str());
    }
    return true;
  }
};

class CandidateCollector {
public:
  CandidateCollector(Module &M, const CrossModuleCollectOptions &Opts)
      : M(M), Opts(Opts),
        Facts(collectModuleFacts(M, {nullptr, Opts.LinkCompared, false})),
        Globals(M), Policy(M, /*TypeTestsMayBeLive=*/true),
        References(M, Opts.Ordinal), Attached(M) {}

  Expected<ModuleCandidates>
  run(function_ref<WantedAs(const Function &)> Wanted);

private:
  bool addressFree(const GlobalValue &GV) const;
  Error select(function_ref<WantedAs(const Function &)> Wanted);
  void describe(CrossModuleCandidate &C, const Function &F) const;
  void encode();
  void encodeSimilar();

  Module &M;
  const CrossModuleCollectOptions &Opts;
  ModuleFacts Facts;
  GlobalNumbering Globals;
  AnnotationPolicy Policy;
  CrossModuleReferences References;
  Attachments Attached;
  /// Made once the candidates' bodies are read (select): reading a body
  /// loads the module's metadata, the profile summary with it, which a
  /// lazily read module does not have before.
  std::optional<ProfileSummaryInfo> Profile;
  std::vector<Function *> Functions;
  /// For each of Functions: listed only as an argument-free twin of its
  /// own module (WantedAs::ArgumentFreeTwinInModule).
  std::vector<bool> InModuleOnly;
  ClassTable CalleeClasses, AddressClasses;
  ModuleCandidates Result;
};

/// A function's or alias's address is free when nothing may compare it
/// (see the file comment): for a function, ModuleFacts' rule with the
/// link's list of address-free functions; an alias is not on that list.
bool CandidateCollector::addressFree(const GlobalValue &GV) const {
  if (const auto *F = dyn_cast<Function>(&GV)) {
    if (addressCompared(*F, Facts))
      return false;
    if (Opts.LinkAddressFree &&
        onLinkAddressFreeList(*F, Facts, *Opts.LinkAddressFree))
      return true;
    return globalAddressFree(*F, Facts, Opts.Mode);
  }
  if (Facts.Used.count(&GV))
    return false;
  if (Opts.Mode == MergeMode::All)
    return true;
  if (GV.hasLocalLinkage())
    return GV.hasAtLeastLocalUnnamedAddr();
  return GV.hasGlobalUnnamedAddr();
}

Error CandidateCollector::select(
    function_ref<WantedAs(const Function &)> Wanted) {
  for (Function &F : M) {
    if (F.isDeclaration() && !F.isMaterializable())
      continue;
    if (!crossModuleLinkage(F) || F.hasAvailableExternallyLinkage())
      continue;
    WantedAs Why = Wanted(F);
    if (Why == WantedAs::No)
      continue;
    if (Error E = F.materialize())
      return E;
    if (!isEligible(F))
      continue;
    bool InModule = Why == WantedAs::ArgumentFreeTwinInModule;
    if (InModule && !hasArgumentFreeBody(F))
      continue;
    Functions.push_back(&F);
    InModuleOnly.push_back(InModule);
  }
  return Error::success();
}

/// True when F's body calls a function: any call but an intrinsic lowered
/// to plain instructions (memcpy and its kind may become calls).
static bool makesCalls(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (isa<CallBase>(I) && (!isa<IntrinsicInst>(I) || isa<MemIntrinsic>(I)))
        return true;
  return false;
}

void CandidateCollector::describe(CrossModuleCandidate &C,
                                  const Function &F) const {
  C.Name = F.getName().str();
  C.Linkage = *crossModuleLinkage(F);
  C.AddressFree = addressFree(F);
  C.Final = bodyIsFinal(F, Facts);
  C.Replaceable = mayBeReplaced(F, Facts);
  C.Removable = Attached.removable(
      F, [&](const GlobalAlias &GA) { return addressFree(GA); }, C.Aliases);
  // A lazily read module shows only the uses in the bodies read so far:
  // the link's list of address-free functions (from every summary's
  // references) says whether another body takes F's address.
  C.OnlyCalled =
      !Facts.Used.count(&F) && !F.hasAddressTaken() &&
      (!Opts.LinkAddressFree || Opts.LinkAddressFree->contains(linkGUID(F)));
  C.Inlinable = !F.hasFnAttribute(Attribute::NoInline);
  if (Opts.CallingFunctions)
    C.CallingFunctions =
        static_cast<int32_t>(Opts.CallingFunctions->lookup(linkGUID(F)));
  C.Hot = isHotFunction(F, &*Profile, Opts.Hot);
  C.ThunkObstacle = thunkObstacle(F).str();
  C.ArgumentFree = hasArgumentFreeBody(F);
  if (C.ArgumentFree) {
    std::string Type;
    raw_string_ostream OS(Type);
    F.getFunctionType()->print(OS);
    C.TypeHash = xxh3_64bits(Type);
  }
  uint64_t Instructions = 0;
  C.BodyBytes = Facts.Bytes.bodyBytes(F, &Instructions);
  C.InlinedBytes = Facts.Bytes.inlinedBytes(F);
  C.MakesCalls = makesCalls(F);
  C.Costs = Facts.Bytes.costsOf(F);
  C.Instructions = Instructions;
}

void CandidateCollector::encode() {
  EncodingContext Ctx{Globals, Policy};
  Ctx.CrossModule = &References;
  Ctx.CalleeClasses = &CalleeClasses;
  Ctx.AddressClasses = &AddressClasses;
  Ctx.ArgumentFreeSignatures = true;
  EncoderScratch Scratch;
  for (auto [Index, F] : enumerate(Functions)) {
    CrossModuleCandidate &C = Result.Candidates[Index];
    encodeSkeleton(*F, Ctx, C.Skeleton, C.References, Scratch);
    C.Facts = collectAnnotationFacts(*F, Policy, Opts.Ordinal,
                                     /*ParameterFacts=*/!C.ArgumentFree);
  }
}

/// The encodings similar merging compares, and the values at the positions
/// (see the Position struct in CrossModuleCandidates.h). References compare
/// by identity: a shared similar body refers to nothing by class, so it
/// reaches no other module's functions.
void CandidateCollector::encodeSimilar() {
  EncodingContext Ctx{Globals, Policy};
  Ctx.CrossModule = &References;
  Ctx.ParameterWildcards = true;
  Ctx.CalleeWildcards = Opts.Similar.Callees && !protectsIndirectCalls(M);
  Ctx.IntegerWildcards = Opts.Similar.Integers;
  EncodingContext ValueCtx{Globals, Policy};
  ValueCtx.CrossModule = &References;
  Result.SimilarPositions = {"data"};
  if (Ctx.IntegerWildcards)
    Result.SimilarPositions.push_back("integers");
  if (Ctx.CalleeWildcards)
    Result.SimilarPositions.push_back("callees");
  std::vector<CandidateId> NoClasses;
  std::vector<const Use *> Uses;
  EncoderScratch Scratch;
  for (auto [Index, F] : enumerate(Functions)) {
    CrossModuleCandidate &C = Result.Candidates[Index];
    C.SimilarEligible = !C.Hot && !InModuleOnly[Index] &&
                        similarIneligibilityReason(*F).empty() &&
                        mayPayAsSimilar(*F, Facts.Bytes);
    if (!C.SimilarEligible)
      continue;
    encodeSkeletonWithPositions(*F, Ctx, C.SimilarSkeleton, NoClasses, Uses,
                                Scratch);
    for (const Argument &A : F->args())
      C.OwnArguments.add(*A.getType());
    C.Positions.resize(Uses.size());
    for (auto [Position, U] : zip(C.Positions, Uses)) {
      encodeOperandValue(*F, *U->get(), ValueCtx, Position.Value, Scratch);
      if (const auto *Value = dyn_cast<Constant>(U->get())) {
        Position.ArgumentBytes = Facts.Bytes.argumentBytes(*Value);
        Position.MayBeInTable = mayLiveInTable(*Value);
      }
      Position.Registers.add(*U->get()->getType());
      Position.Pointer = U->get()->getType()->isPointerTy();
      Position.TableReadBytes = tableReadBytes(*U, Facts.Bytes);
    }
  }
}

Expected<ModuleCandidates>
CandidateCollector::run(function_ref<WantedAs(const Function &)> Wanted) {
  Result.CompatibilityKey = moduleCompatibilityKey(M);
  Result.Bytes = Facts.Bytes;
  if (Error E = select(Wanted))
    return E;
  // A summary ProfileSummaryInfo would abort on: the module takes no part
  // (its backend's own merge warns about the summary).
  if (!crossModuleProfileProblem(M).empty())
    return std::move(Result);
  Profile.emplace(M);
  Result.Candidates.resize(Functions.size());
  for (auto [Index, F] : enumerate(Functions)) {
    CrossModuleCandidate &C = Result.Candidates[Index];
    describe(C, *F);
    if (InModuleOnly[Index])
      continue;
    if (C.Final)
      CalleeClasses[F] = Index;
    if (C.Final && C.AddressFree)
      AddressClasses[F] = Index;
  }
  encode();
  if (similarMergingOn(Opts.Similar.Enabled, M))
    encodeSimilar();
  return std::move(Result);
}

/// Module flags that change nothing in the code of one function.
bool flagIsIrrelevant(StringRef Key) {
  static constexpr StringLiteral Irrelevant[] = {
      "Debug Info Version",   "Dwarf Version", "ProfileSummary",
      "EnableSplitLTOUnit",   "ThinLTO",       "CG Profile",
      "wchar_size",           "SDK Version",   "Linker Options",
      "llvm.embedded.objects"};
  return is_contained(Irrelevant, Key);
}

} // namespace

std::string crossModuleProfileProblem(const Module &M) {
  return profileSummaryProblem(M, highestPercentileAsked(std::nullopt));
}

bool isBodyOfItsOwn(const CrossModuleCandidate &C, StringSet<> &Seen) {
  return C.Linkage == CrossModuleLinkage::Local || Seen.insert(C.Name).second;
}

std::string moduleCompatibilityKey(const Module &M) {
  std::string Key;
  raw_string_ostream OS(Key);
  OS << M.getTargetTriple().str() << '\n' << M.getDataLayoutStr() << '\n';
  SmallVector<Module::ModuleFlagEntry, 16> Flags;
  M.getModuleFlagsMetadata(Flags);
  std::vector<std::string> Kept;
  for (const Module::ModuleFlagEntry &Flag : Flags) {
    if (flagIsIrrelevant(Flag.Key->getString()))
      continue;
    Kept.push_back((Flag.Key->getString() + "=" +
                    std::to_string(unsigned(Flag.Behavior)) + ":" +
                    describeMetadata(Flag.Val, 0))
                       .str());
  }
  llvm::sort(Kept);
  for (const std::string &F : Kept)
    OS << F << '\n';
  return Key;
}

Expected<ModuleCandidates>
collectCrossModuleCandidates(Module &M,
                             function_ref<WantedAs(const Function &)> Wanted,
                             const CrossModuleCollectOptions &Opts) {
  // A lazily read module has no module-level metadata until asked: its
  // flags (the compatibility key, PIC and PIE levels, indirect-call
  // protection) and its profile summary would read as absent. Reading a
  // body loads it anyway.
  if (Error E = M.materializeMetadata())
    return E;
  return CandidateCollector(M, Opts).run(Wanted);
}

} // namespace lmf
