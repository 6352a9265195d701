//===- ProfileFacts.cpp - Functions on the program's fast path ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Merging trades instructions for bytes: a thunk adds a jump to every call
// that reaches it, a member of a similar class passes its constants as
// arguments, and a shared body that calls through a parameter makes a direct
// call indirect. Where the program spends its time these few instructions
// are what users measure, so under the default policy (HotPolicy) hot
// functions only fold in ways that add nothing to a call: erased or made an
// alias, with their calls reaching the kept body.
//
// "Hot" is LLVM's own answer, so that merging agrees with the rest of the
// pipeline (inlining, hot/cold splitting, section prefixes): a function whose
// entry count the module's profile summary (ProfileSummaryInfo) calls hot, as
// PGO builds (`-fprofile-instr-use`, `-fprofile-sample-use`) give them; and a
// function the source marks `__attribute__((hot))`, profile or not. A function
// built for size (`minsize`, `optsize`, as `-Oz`/`-Os` units give) is hot
// the same way: its unit asked for small code, not for the instructions a
// merge adds, and the profile says where those are paid. Until 2026-11-28
// such functions were never hot, and `--lto-smallest-binary` on CTMark
// built at x86-64 -Oz with PGO ran 10.9% more instructions than the plain
// PGO build (tramp3d-v4 +20.6%, with the MachineOutliner off still +18.5%:
// aligned merges of its hot kernels).
//
// The set is computed once per run, before anything folds, from the module as
// the LTO pipeline left it; planning only reads it. A summary whose detailed
// cutoffs stop below a percentile that is looked up (the 99.9999% LLVM's cold
// threshold asks for, ours for hot blocks) would make ProfileSummaryInfo end
// the process; such a module merges as if it had no profile, with a warning
// (profileSummaryProblem).
//
// Folding keeps the profile true: a kept body runs the calls of every member
// folded into it, so its entry count becomes the sum (addEntryCount), and
// so do the weights of its branches, where the member has the same shape
// (addProfileCounts): a branch the body rarely took may be the one its
// twin's callers take all the time. Without
// that, a cold body that absorbed a hot twin's calls would still be placed
// with the cold code.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ProfileFacts.h"

#include "core/equality/WalkOrder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/ProfileData/ProfileCommon.h"

#include <algorithm>
#include <memory>
#include <optional>

using namespace llvm;

namespace lmf {

uint64_t highestPercentileAsked(std::optional<unsigned> HotCodePercentile) {
  return std::max<uint64_t>(
      {uint64_t(std::max(0, int(ProfileSummaryCutoffHot))),
       uint64_t(std::max(0, int(ProfileSummaryCutoffCold))),
       HotCodePercentile.value_or(WideHotCodePercentile)});
}

/// The problem with one of M's summaries (the instrumented or the
/// context-sensitive one), as profileSummaryProblem says it.
static std::string summaryProblem(const Module &M, bool IsCS,
                                  uint64_t Percentile) {
  Metadata *MD = M.getProfileSummary(IsCS);
  if (!MD)
    return "";
  // A summary LLVM cannot parse is one ProfileSummaryInfo ignores.
  std::unique_ptr<ProfileSummary> Summary(ProfileSummary::getFromMD(MD));
  if (!Summary)
    return "";
  uint64_t Highest = 0;
  for (const ProfileSummaryEntry &Entry : Summary->getDetailedSummary())
    Highest = std::max<uint64_t>(Highest, Entry.Cutoff);
  if (Highest >= Percentile)
    return "";
  return (Twine(IsCS ? "the context-sensitive profile summary"
                     : "the profile summary") +
          "'s highest cutoff is " + Twine(Highest) +
          " millionths, below the " + Twine(Percentile) +
          " that profile queries look up")
      .str();
}

std::string profileSummaryProblem(const Module &M, uint64_t Percentile) {
  std::string Problem = summaryProblem(M, /*IsCS=*/false, Percentile);
  if (Problem.empty())
    Problem = summaryProblem(M, /*IsCS=*/true, Percentile);
  return Problem;
}

bool isHotFunction(const Function &F, const ProfileSummaryInfo *PSI,
                   HotPolicy Policy) {
  if (Policy == HotPolicy::Off)
    return false;
  return F.hasFnAttribute(Attribute::Hot) ||
         (PSI && PSI->isFunctionEntryHot(&F));
}

HotFunctionSet collectHotFunctions(const Module &M, HotPolicy Policy,
                                   bool ReadProfile) {
  HotFunctionSet Hot;
  if (Policy == HotPolicy::Off)
    return Hot;
  std::optional<ProfileSummaryInfo> PSI;
  if (ReadProfile)
    PSI.emplace(M);
  for (const Function &F : M)
    if (!F.isDeclaration() && isHotFunction(F, PSI ? &*PSI : nullptr, Policy))
      Hot.insert(&F);
  return Hot;
}

bool hasProfile(const Module &M) {
  return M.getProfileSummary(/*IsCS=*/false) != nullptr;
}

bool similarMergingOn(std::optional<bool> Asked, const Module &M) {
  return Asked.value_or(hasProfile(M));
}

/// Weights of one branch of Body plus those of its counterpart in Member,
/// scaled down together when a sum leaves 32 bits.
static void addWeights(Instruction &Body, const Instruction &Member) {
  SmallVector<uint32_t, 4> Kept, Added;
  if (!extractBranchWeights(Body, Kept) ||
      !extractBranchWeights(Member, Added) || Kept.size() != Added.size())
    return;
  SmallVector<uint64_t, 4> Sums;
  uint64_t Largest = 0;
  for (auto [K, A] : zip(Kept, Added)) {
    Sums.push_back(uint64_t(K) + A);
    Largest = std::max(Largest, Sums.back());
  }
  uint64_t Scale = Largest / UINT32_MAX + 1;
  SmallVector<uint32_t, 4> Weights;
  for (uint64_t Sum : Sums)
    Weights.push_back(uint32_t(Sum / Scale));
  setBranchWeights(Body, Weights, hasBranchWeightOrigin(Body));
}

void addProfileCounts(Function &Body, const Function &Member) {
  addEntryCount(Body, Member);
  forEachInstructionPair(Body, Member,
                         [](Instruction &B, const Instruction &M) {
                           if (B.getOpcode() == M.getOpcode() &&
                               B.hasMetadata(LLVMContext::MD_prof))
                             addWeights(B, M);
                         });
}

void addEntryCount(Function &Body, const Function &Member) {
  std::optional<Function::ProfileCount> Kept = Body.getEntryCount();
  std::optional<Function::ProfileCount> Added = Member.getEntryCount();
  if (!Kept || !Added || Kept->getType() != Added->getType())
    return;
  Body.setEntryCount(Function::ProfileCount(
      Kept->getCount() + Added->getCount(), Kept->getType()));
}

} // namespace lmf
