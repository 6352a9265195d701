//===- Aligner.cpp - Line up two functions instruction by instruction -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Which instructions of two functions become one instruction of a merged
// body. The research mergers align whole functions as one sequence each
// (FMSA, SalSSA: a Needleman-Wunsch table quadratic in time and memory, a
// 32 GB worst case and a 140x slowdown on record) or pair blocks first and
// align within each pair (HyFM: faster, but blind to code that one function
// splits into more blocks than the other). Both are here, as strategies,
// each bounded, and the planner keeps the one that saves more
// (AlignedPlanner.cpp):
//
//  * Blocks: the entry blocks are paired; every other reachable left block,
//    in walk order, takes the unpaired right block most like it by the
//    multiset of its instructions' shapes (ShapeHasher.h), among the right
//    blocks within BlockWindow of its place in walk order and those with
//    exactly its shapes; a pair must share half its instructions, and
//    landing pad blocks pair only with landing pad blocks with the same
//    `landingpad`. Each pair's instructions are aligned; unpaired blocks
//    stay whole.
//  * Linear: each function's instructions in walk order are aligned as one
//    sequence.
//
// Alignments maximize the bytes the matches save (InstructionMatch.h) less
// the branch each run of unmatched instructions costs (affine gaps, as
// Gotoh's algorithm has them); when the table would exceed FullCells cells
// it is computed
// within Band of its diagonal only, so that each pair costs
// O((N + M) * Band). Ties go to the match, then to the left side: the
// result depends on the IR alone. Phis, and the constant-size allocas of
// the entry blocks, are not aligned: the phis of two blocks that start
// together are merged by type in order, and the allocas that allocate alike
// are matched (the merged body allocates all of them in its entry block,
// where they stay static).
//
// Either way the result is one list of columns in which each member's
// instructions of a block are contiguous and in order. It is cut into
// ranges before every column that starts a block of a member already in
// the current range, or a landing pad (and at separators, see below): in a
// range each member stays within one block,
// and a range becomes one block of the merged body (MergedBodyBuilder.cpp)
// that a member enters at its block's start, from its block's predecessors,
// or in the middle, falling through from its previous range.
//
// Then the matching is made legal, to a fixpoint (matches are only taken
// away, so it ends):
//
//  * operands: the alignment took operands that are instructions to be
//    the same merged value; where they are not (their instructions are not
//    matched with each other) and the position cannot take a `select`, the
//    pair is unmatched, which may unmatch its users in turn;
//  * invokes: a matched invoke unwinds to one block for both members, so
//    its unwind blocks must start the same range;
//  * landing pads: a `landingpad` must start a block that only unwind
//    edges enter, so a range that starts with an unmatched one holds only
//    its member: the range's columns are unmatched and its other member's
//    are moved behind a separator;
//  * islands: a run of matched instructions between two runs of unmatched
//    ones costs a branch to leave and a jump back; when it saves less, it
//    is unmatched too.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/Aligner.h"

#include "core/aligned/AlignedCost.h"
#include "core/aligned/SequenceAlignment.h"
#include "core/aligned/ShapeHasher.h"
#include "core/equality/WalkOrder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace lmf {
namespace {

/// Untaken right blocks with exactly a left block's shapes that the block
/// pairing looks at.
constexpr unsigned ExactCandidates = 4;

bool isStaticEntryAlloca(const Instruction &I) {
  const auto *AI = dyn_cast<AllocaInst>(&I);
  return AI && AI->isStaticAlloca();
}

/// A column that separates ranges without holding an instruction.
constexpr AlignedColumn Separator{};

bool isSeparator(const AlignedColumn &C) { return !C.Left && !C.Right; }

/// Size of the multiset intersection of two sorted lists.
size_t commonShapes(ArrayRef<uint64_t> A, ArrayRef<uint64_t> B) {
  size_t I = 0, J = 0, Common = 0;
  while (I < A.size() && J < B.size()) {
    if (A[I] == B[J]) {
      ++Common;
      ++I;
      ++J;
    } else if (A[I] < B[J]) {
      ++I;
    } else {
      ++J;
    }
  }
  return Common;
}

class FunctionAligner {
public:
  FunctionAligner(const PairContext &Ctx,
                  const std::array<MemberShape, 2> &Members,
                  const AlignerLimits &Limits)
      : Ctx(Ctx), Limits(Limits), Members(Members) {}

  PairAlignment run(AlignmentStrategy Strategy);

private:
  int64_t gain(const Instruction &L, uint64_t LH, const Instruction &R,
               uint64_t RH, const PairContext &With) const;
  void alignByBlocks();
  void alignLinearly();
  void appendAlignment(ArrayRef<const Instruction *> L,
                       ArrayRef<uint64_t> LH,
                       ArrayRef<const Instruction *> R,
                       ArrayRef<uint64_t> RH, const PairContext &With);
  void alignEntryAllocas();
  /// Cuts Flat into ranges: Result.Ranges with their columns, and Spans,
  /// the flat indices each range covers.
  void deriveRanges();
  void unmatchMarked(ArrayRef<char> Unmatch);
  bool operandsAgree(const Instruction &L, const Instruction &R) const;
  bool unmatchIllegalOperands();
  bool unmatchStrandedInvokes();
  bool separateLandingPads();
  bool unmatchIslands();
  void finishRanges();

  const PairContext &Ctx;
  const AlignerLimits &Limits;
  const std::array<MemberShape, 2> &Members;
  /// The alignment as one list of columns (and separators).
  std::vector<AlignedColumn> Flat;
  /// The flat indices [first, second) of each range.
  std::vector<std::pair<size_t, size_t>> Spans;
  MatchMap Matches;
  PairAlignment Result;
};

int64_t FunctionAligner::gain(const Instruction &L, uint64_t LH,
                              const Instruction &R, uint64_t RH,
                              const PairContext &With) const {
  if (LH != RH || !mayMatch(L, R, With))
    return 0;
  return matchGainTenths(L, R, With);
}

void FunctionAligner::appendAlignment(ArrayRef<const Instruction *> L,
                                      ArrayRef<uint64_t> LH,
                                      ArrayRef<const Instruction *> R,
                                      ArrayRef<uint64_t> RH,
                                      const PairContext &With) {
  auto Gain = [&](unsigned I, unsigned J) {
    return gain(*L[I], LH[I], *R[J], RH[J], With);
  };
  // Opening a run of unmatched instructions (a gap) costs the branch on
  // the identifier around it, at the module's target's price.
  for (auto [I, J] :
       alignSequences(L.size(), R.size(), Gain, Limits.FullCells, Limits.Band,
                      identifierBranchTenths(Ctx.Bytes)))
    Flat.push_back({I >= 0 ? L[I] : nullptr, J >= 0 ? R[J] : nullptr});
}

void FunctionAligner::alignByBlocks() {
  const auto &LB = Members[0].Blocks, &RB = Members[1].Blocks;
  unsigned N = LB.size(), M = RB.size();
  std::vector<int> PartnerOf(N, -1);
  std::vector<char> RightTaken(M, 0);
  PartnerOf[0] = 0;
  RightTaken[0] = 1;
  DenseMap<uint64_t, SmallVector<unsigned, 2>> ByFingerprint;
  for (unsigned J = 1; J < M; ++J)
    ByFingerprint[RB[J].FingerprintHash].push_back(J);
  for (unsigned I = 1; I < N; ++I) {
    const MemberShape::Block &L = LB[I];
    int64_t Center = int64_t(I) * M / N;
    auto Distance = [&](unsigned J) { return std::abs(int64_t(J) - Center); };
    std::optional<unsigned> Best;
    double BestSimilarity = 0;
    auto Consider = [&](unsigned J) {
      const MemberShape::Block &R = RB[J];
      if (RightTaken[J] || L.LandingPad != R.LandingPad)
        return;
      if (L.LandingPad && !mayMatch(*L.BB->getLandingPadInst(),
                                    *R.BB->getLandingPadInst(), Ctx))
        return;
      size_t Common = commonShapes(L.Sorted, R.Sorted);
      double Similarity =
          2.0 * Common / double(L.Sorted.size() + R.Sorted.size());
      if (Similarity < 0.5)
        return;
      if (!Best || Similarity > BestSimilarity ||
          (Similarity == BestSimilarity &&
           (Distance(J) < Distance(*Best) ||
            (Distance(J) == Distance(*Best) && J < *Best)))) {
        Best = J;
        BestSimilarity = Similarity;
      }
    };
    // The blocks with exactly these shapes, nearest first (a function may
    // have thousands of alike blocks: a few untaken ones are enough).
    if (auto It = ByFingerprint.find(L.FingerprintHash);
        It != ByFingerprint.end()) {
      ArrayRef<unsigned> Same = It->second;
      size_t Mid = llvm::lower_bound(Same, unsigned(Center)) - Same.begin();
      unsigned Looked = 0;
      for (size_t Step = 0; Looked < ExactCandidates &&
                            (Mid + Step < Same.size() || Step < Mid);
           ++Step) {
        for (size_t K : {Mid + Step, Mid - Step - 1}) {
          if (K >= Same.size() || RightTaken[Same[K]])
            continue;
          Consider(Same[K]);
          ++Looked;
        }
      }
    }
    int64_t Lo = std::max<int64_t>(1, Center - Limits.BlockWindow);
    int64_t Hi = std::min<int64_t>(int64_t(M) - 1, Center + Limits.BlockWindow);
    for (int64_t J = Lo; J <= Hi; ++J)
      Consider(unsigned(J));
    if (Best) {
      RightTaken[*Best] = 1;
      PartnerOf[I] = *Best;
    }
  }
  DenseMap<const BasicBlock *, const BasicBlock *> Partners;
  for (unsigned I = 0; I < N; ++I)
    if (PartnerOf[I] >= 0)
      Partners[LB[I].BB] = RB[PartnerOf[I]].BB;
  PairContext With{Ctx.Left,  Ctx.Right, Ctx.Policy, Ctx.LayoutLock,
                   Ctx.Bytes, Ctx.Costs, &Partners};
  for (unsigned I = 0; I < N; ++I) {
    if (PartnerOf[I] < 0)
      continue;
    const MemberShape::Block &R = RB[PartnerOf[I]];
    appendAlignment(LB[I].Seq, LB[I].Hashes, R.Seq, R.Hashes, With);
  }
  for (unsigned I = 0; I < N; ++I)
    if (PartnerOf[I] < 0)
      for (const Instruction *Inst : LB[I].Seq)
        Flat.push_back({Inst, nullptr});
  for (unsigned J = 0; J < M; ++J)
    if (!RightTaken[J])
      for (const Instruction *Inst : RB[J].Seq)
        Flat.push_back({nullptr, Inst});
}

void FunctionAligner::alignLinearly() {
  std::array<std::vector<const Instruction *>, 2> Seq;
  std::array<std::vector<uint64_t>, 2> Hashes;
  for (unsigned K = 0; K < 2; ++K)
    for (const MemberShape::Block &B : Members[K].Blocks) {
      Seq[K].insert(Seq[K].end(), B.Seq.begin(), B.Seq.end());
      Hashes[K].insert(Hashes[K].end(), B.Hashes.begin(), B.Hashes.end());
    }
  appendAlignment(Seq[0], Hashes[0], Seq[1], Hashes[1], Ctx);
}

void FunctionAligner::alignEntryAllocas() {
  SmallVector<const Instruction *, 8> Right;
  for (const Instruction &I : Ctx.Right.getEntryBlock())
    if (isStaticEntryAlloca(I))
      Right.push_back(&I);
  SmallVector<bool, 8> Used(Right.size(), false);
  for (const Instruction &I : Ctx.Left.getEntryBlock()) {
    if (!isStaticEntryAlloca(I))
      continue;
    const Instruction *Partner = nullptr;
    for (size_t K = 0; K < Right.size() && !Partner; ++K)
      if (!Used[K] && mayMatch(I, *Right[K], Ctx)) {
        Used[K] = true;
        Partner = Right[K];
      }
    Result.EntryAllocas.push_back({&I, Partner});
  }
  for (size_t K = 0; K < Right.size(); ++K)
    if (!Used[K])
      Result.EntryAllocas.push_back({nullptr, Right[K]});
}

void FunctionAligner::deriveRanges() {
  Result.Ranges.clear();
  Spans.clear();
  // A column that starts a member's block starts a new range when the
  // member is in the current range already, or when it is a landing pad
  // (which must be first in its block); otherwise the member joins the
  // range there, entering at the range's start.
  auto MustCut = [&](const AlignedColumn &C) {
    const AlignedRange &R = Result.Ranges.back();
    for (unsigned K = 0; K < 2; ++K) {
      const Instruction *Inst = C.side(K);
      if (Inst && Members[K].Starts.count(Inst) &&
          (R.has(K) || isa<LandingPadInst>(Inst)))
        return true;
    }
    return false;
  };
  bool Open = false;
  for (size_t I = 0; I < Flat.size(); ++I) {
    const AlignedColumn &C = Flat[I];
    if (isSeparator(C)) {
      Open = false;
      continue;
    }
    if (!Open || MustCut(C)) {
      Result.Ranges.emplace_back();
      Spans.push_back({I, I});
      Open = true;
    }
    AlignedRange &R = Result.Ranges.back();
    for (unsigned K = 0; K < 2; ++K) {
      const Instruction *Inst = C.side(K);
      if (!Inst)
        continue;
      if (!R.Blocks[K]) {
        R.Blocks[K] = Inst->getParent();
        R.Starts[K] = Members[K].Starts.count(Inst) != 0;
      }
      R.Ends[K] |= Inst->isTerminator();
    }
    R.Columns.push_back(C);
    Spans.back().second = I + 1;
  }
  for (unsigned K = 0; K < 2; ++K) {
    Result.StartRange[K].clear();
    int Open = -1;
    for (size_t I = 0; I < Result.Ranges.size(); ++I) {
      AlignedRange &R = Result.Ranges[I];
      if (!R.has(K))
        continue;
      if (Open >= 0)
        Result.Ranges[Open].Next[K] = int(I);
      Open = R.Ends[K] ? -1 : int(I);
      if (R.Starts[K])
        Result.StartRange[K][R.Blocks[K]] = I;
    }
  }
}

/// Splits every matched column marked in Unmatch into a left and a right
/// column, in one pass over the list.
void FunctionAligner::unmatchMarked(ArrayRef<char> Unmatch) {
  std::vector<AlignedColumn> Out;
  Out.reserve(Flat.size() + 16);
  for (size_t I = 0; I < Flat.size(); ++I) {
    const AlignedColumn &C = Flat[I];
    if (!Unmatch[I]) {
      Out.push_back(C);
      continue;
    }
    Matches.erase(C.Left);
    Out.push_back({C.Left, nullptr});
    Out.push_back({nullptr, C.Right});
  }
  Flat = std::move(Out);
}

/// True when every operand of the matched L and R is the same merged value
/// or may be selected between, under the current matching.
bool FunctionAligner::operandsAgree(const Instruction &L,
                                    const Instruction &R) const {
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I) {
    const Use &LU = L.getOperandUse(I), &RU = R.getOperandUse(I);
    if (isa<BasicBlock>(LU.get()) || sameMergedValue(LU, RU, Matches, Ctx))
      continue;
    if (!differenceAllowed(LU, RU, LU.get(), RU.get(), Ctx))
      return false;
  }
  return true;
}

bool FunctionAligner::unmatchIllegalOperands() {
  bool Any = false;
  for (bool Changed = true; Changed;) {
    Changed = false;
    std::vector<char> Unmatch(Flat.size(), 0);
    for (size_t I = 0; I < Flat.size(); ++I) {
      const AlignedColumn &C = Flat[I];
      if (!C.matched() || operandsAgree(*C.Left, *C.Right))
        continue;
      // Later columns of this pass see the pair unmatched already.
      Matches.erase(C.Left);
      Unmatch[I] = 1;
      Changed = Any = true;
    }
    if (Changed)
      unmatchMarked(Unmatch);
  }
  return Any;
}

/// A matched invoke whose unwind blocks do not start one range.
bool FunctionAligner::unmatchStrandedInvokes() {
  bool Any = false;
  std::vector<char> Unmatch(Flat.size(), 0);
  for (size_t I = 0; I < Flat.size(); ++I) {
    const AlignedColumn &C = Flat[I];
    const auto *L = dyn_cast_or_null<InvokeInst>(C.Left);
    if (!L || !C.matched())
      continue;
    const auto *R = cast<InvokeInst>(C.Right);
    auto LI = Result.StartRange[0].find(L->getUnwindDest());
    auto RI = Result.StartRange[1].find(R->getUnwindDest());
    if (LI != Result.StartRange[0].end() && RI != Result.StartRange[1].end() &&
        LI->second == RI->second)
      continue;
    Unmatch[I] = 1;
    Any = true;
  }
  if (Any)
    unmatchMarked(Unmatch);
  return Any;
}

/// A paired range that starts with an unmatched landing pad: its columns
/// are unmatched and the other member's go behind a separator.
bool FunctionAligner::separateLandingPads() {
  bool Any = false;
  for (size_t RI = Result.Ranges.size(); RI-- > 0;) {
    const AlignedRange &R = Result.Ranges[RI];
    const AlignedColumn &First = R.Columns.front();
    if (!R.paired() || First.matched() ||
        !isa<LandingPadInst>(First.Left ? First.Left : First.Right))
      continue;
    unsigned Pad = First.Left ? 0 : 1;
    auto [Begin, End] = Spans[RI];
    std::vector<AlignedColumn> Mine, Other;
    for (size_t I = Begin; I < End; ++I)
      for (unsigned K = 0; K < 2; ++K)
        if (const Instruction *Inst = Flat[I].side(K)) {
          AlignedColumn C;
          (K ? C.Right : C.Left) = Inst;
          (K == Pad ? Mine : Other).push_back(C);
          if (K == 0)
            Matches.erase(Inst);
        }
    std::vector<AlignedColumn> Replacement = Mine;
    Replacement.push_back(Separator);
    Replacement.insert(Replacement.end(), Other.begin(), Other.end());
    Flat.erase(Flat.begin() + Begin, Flat.begin() + End);
    Flat.insert(Flat.begin() + Begin, Replacement.begin(), Replacement.end());
    Any = true;
  }
  return Any;
}

bool FunctionAligner::unmatchIslands() {
  // A run of matched instructions between two unmatched runs is kept only
  // where it saves the branch on the identifier that leaving it costs.
  const int64_t IslandTenths = identifierBranchTenths(Ctx.Bytes);
  bool Any = false;
  std::vector<char> Unmatch(Flat.size(), 0);
  for (auto [Begin, End] : Spans) {
    for (size_t I = Begin; I < End;) {
      if (!Flat[I].matched()) {
        ++I;
        continue;
      }
      size_t RunEnd = I;
      int64_t Saved = 0;
      while (RunEnd < End && Flat[RunEnd].matched())
        Saved += instructionTenths(*Flat[RunEnd++].Left, Ctx.Costs);
      if (I > Begin && RunEnd < End && Saved < IslandTenths) {
        for (size_t K = I; K < RunEnd; ++K)
          Unmatch[K] = 1;
        Any = true;
      }
      I = RunEnd;
    }
  }
  if (Any)
    unmatchMarked(Unmatch);
  return Any;
}

/// The phis of the blocks each range starts.
void FunctionAligner::finishRanges() {
  for (AlignedRange &R : Result.Ranges) {
    R.Phis.clear();
    SmallVector<const PHINode *, 4> RightPhis;
    if (R.Starts[1])
      for (const PHINode &P : R.Blocks[1]->phis())
        RightPhis.push_back(&P);
    SmallVector<bool, 4> Used(RightPhis.size(), false);
    if (R.Starts[0])
      for (const PHINode &P : R.Blocks[0]->phis()) {
        const PHINode *Partner = nullptr;
        for (size_t K = 0; K < RightPhis.size() && !Partner; ++K)
          if (!Used[K] && RightPhis[K]->getType() == P.getType()) {
            Used[K] = true;
            Partner = RightPhis[K];
          }
        R.Phis.push_back({&P, Partner});
      }
    for (size_t K = 0; K < RightPhis.size(); ++K)
      if (!Used[K])
        R.Phis.push_back({nullptr, RightPhis[K]});
  }
}

PairAlignment FunctionAligner::run(AlignmentStrategy Strategy) {
  if (Strategy == AlignmentStrategy::Blocks)
    alignByBlocks();
  else
    alignLinearly();
  alignEntryAllocas();
  Matches.clear();
  for (const AlignedColumn &C : Flat)
    if (C.matched())
      Matches[C.Left] = C.Right;
  for (const AlignedColumn &C : Result.EntryAllocas)
    if (C.matched())
      Matches[C.Left] = C.Right;
  // Each step only takes matches away, so this ends.
  for (;;) {
    bool Changed = unmatchIllegalOperands();
    deriveRanges();
    if (unmatchStrandedInvokes() || separateLandingPads() || Changed) {
      continue;
    }
    if (!unmatchIslands())
      break;
    deriveRanges();
  }
  finishRanges();
  return std::move(Result);
}

} // namespace

MemberShape::MemberShape(const Function &F, ShapeHasher &Hasher) {
  SmallPtrSet<const BasicBlock *, 32> Reached;
  SmallVector<const BasicBlock *, 32> Work = {&F.getEntryBlock()};
  Reached.insert(&F.getEntryBlock());
  while (!Work.empty())
    for (const BasicBlock *S : successors(Work.pop_back_val()))
      if (Reached.insert(S).second)
        Work.push_back(S);
  for (const BasicBlock *BB : blocksInWalkOrder(F)) {
    if (!Reached.count(BB))
      continue;
    Block B;
    B.BB = BB;
    B.LandingPad = BB->isLandingPad();
    bool Entry = BB->isEntryBlock();
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I) || (Entry && isStaticEntryAlloca(I)))
        continue;
      B.Seq.push_back(&I);
      B.Hashes.push_back(Hasher.instruction(I, F));
    }
    B.Sorted = B.Hashes;
    llvm::sort(B.Sorted);
    uint64_t H = mixHash(0xb10c, B.Sorted.size());
    for (uint64_t V : B.Sorted)
      H = mixHash(H, V);
    B.FingerprintHash = H;
    Starts.insert(B.Seq.front());
    Blocks.push_back(std::move(B));
  }
}

MatchMap matchesOf(const PairAlignment &Alignment) {
  MatchMap Matches;
  for (const AlignedRange &R : Alignment.Ranges) {
    for (auto [L, Rt] : R.Phis)
      if (L && Rt)
        Matches[L] = Rt;
    for (const AlignedColumn &C : R.Columns)
      if (C.matched())
        Matches[C.Left] = C.Right;
  }
  for (const AlignedColumn &C : Alignment.EntryAllocas)
    if (C.matched())
      Matches[C.Left] = C.Right;
  return Matches;
}

bool sameMergedValue(const Use &LU, const Use &RU, const MatchMap &Matches,
                     const PairContext &Ctx) {
  const Value *LV = LU.get(), *RV = RU.get();
  if (sameOutsideValue(LV, RV, Ctx))
    return true;
  if (LV == &Ctx.Left && RV == &Ctx.Right) {
    const auto *CB = dyn_cast<CallBase>(LU.getUser());
    return CB && CB->isCallee(&LU);
  }
  const auto *LI = dyn_cast<Instruction>(LV);
  if (!LI)
    return false;
  auto It = Matches.find(LI);
  return It != Matches.end() && It->second == RV;
}

uint64_t PairAlignment::matchedInstructions() const {
  uint64_t N = 0;
  for (const AlignedRange &R : Ranges) {
    for (auto [L, Rt] : R.Phis)
      N += L && Rt;
    for (const AlignedColumn &C : R.Columns)
      N += C.matched();
  }
  for (const AlignedColumn &C : EntryAllocas)
    N += C.matched();
  return N;
}

uint64_t PairAlignment::unmatchedInstructions() const {
  uint64_t N = 0;
  for (const AlignedRange &R : Ranges) {
    for (auto [L, Rt] : R.Phis)
      N += !(L && Rt);
    for (const AlignedColumn &C : R.Columns)
      N += !C.matched();
  }
  for (const AlignedColumn &C : EntryAllocas)
    N += !C.matched();
  return N;
}

PairAlignment alignFunctions(const PairContext &Ctx,
                             const std::array<MemberShape, 2> &Shapes,
                             AlignmentStrategy Strategy,
                             const AlignerLimits &Limits) {
  return FunctionAligner(Ctx, Shapes, Limits).run(Strategy);
}

} // namespace lmf
