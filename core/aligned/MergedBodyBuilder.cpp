//===- MergedBodyBuilder.cpp - Emit the body two functions share ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The alignment (Aligner.h) pairs blocks of the left and right member and,
// within each pair, matches instructions. This file emits the merged body,
// whose extra `i1` parameter, the identifier, is false when the left member
// runs and true when the right one does. The construction keeps one
// invariant from which correctness follows: every path the body takes with
// identifier K is the image of a path of member K, instruction for
// instruction, with the same operands (a select on the identifier picks
// member K's) and the same side effects in the same order.
//
//  * Blocks. Each pair of blocks becomes a head block both members enter;
//    each unpaired block is copied into a block only its member enters.
//    The entry blocks' pair is the merged entry, which starts with every
//    static alloca of both entry blocks (matched allocas once).
//  * Instructions. A pair's columns are emitted in order. A matched column
//    is one instruction, cloned from the left member, with a `select` on
//    the identifier in front of it for every operand the two members give
//    differently, and with the flags, metadata and call attributes that
//    hold for both (AnnotationIntersector.h). A run of unmatched columns
//    ends the current block with a branch on the identifier to a block of
//    the left member's instructions and one of the right member's, which
//    meet again in a new block; a run at the end of the pair holds the two
//    terminators and meets nowhere.
//  * Edges. A member's own terminator goes to its successors' blocks. A
//    matched terminator goes, for each successor, to the block both
//    members' successors share when they are paired, and otherwise to a new
//    block that branches on the identifier to each member's. (An invoke is
//    matched only when its unwind blocks are paired: a landing pad block is
//    entered straight from its invokes.)
//  * Phis. Each edge into a block knows which members take it, and from
//    which of their blocks. A merged phi gets, on each edge, the input of
//    the member that takes it; on an edge both take with different inputs,
//    a `select` placed at the end of the block the edge leaves (or on a new
//    block on the normal edge of an invoke, which may define the input);
//    on an edge its member never takes, `poison`.
//  * Values. Each member's values map to the merged instructions that
//    compute them. A value computed in one member's block and used after
//    the members meet again no longer dominates its use in the merged
//    control flow, though it does on every path of its member: such values
//    go through stack slots that PromoteMemToReg promotes again, all at
//    once, which rebuilds SSA form with an undefined value where no path
//    defined it, which only the other member's paths reach (where a select
//    discards it); a select on the identifier in a block entered only
//    from blocks of one member each then becomes a phi.
//  * Recursion. A member's call of itself calls the merged body with the
//    member's identifier; a matched pair of such calls passes the
//    identifier on.
//  * Debug information. The merged body takes the left member's
//    subprogram (the left member gets a copy, as a thunk needs its own).
//    The right member's locations are kept as locations inlined into the
//    body at line 0, so that a debugger still shows the right member's
//    source and variables; a matched instruction gets the merged location
//    of both. Variable locations that no longer dominate their record say
//    the value is unavailable, and assignment tracking is dropped from the
//    body (its records name stores of both members).
//
// Nothing in the members changes except the left member's subprogram; the
// rewriter (AlignedRewriter.cpp) turns them into thunks afterwards. The
// body is verified before it is returned: a failure erases it and leaves
// the module as it was, so that a bug costs a merge, never a miscompile.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/MergedBodyBuilder.h"

#include "core/MergeNames.h"
#include "core/aligned/AlignedEligibility.h"
#include "core/aligned/AlignedPlanner.h"
#include "core/equality/GlobalNumbering.h"
#include "core/facts/AnnotationIntersector.h"
#include "core/facts/ProfileFacts.h"
#include "core/identical/IdenticalRewriter.h"
#include "core/similar/SimilarRewriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/IR/CFG.h"

#include <functional>

#include <array>
#include <tuple>

using namespace llvm;

namespace lmf {
namespace {

/// A merged instruction and the member instructions it stands for (one
/// side null for an instruction of one member).
struct Emitted {
  Instruction *New;
  std::array<const Instruction *, 2> Orig;
};

/// A merged phi and the member phis it stands for.
struct PhiSlot {
  PHINode *New;
  std::array<const PHINode *, 2> Orig;
};

/// An edge of the merged body, From's successor Slot, and the member
/// blocks it leaves for each member that takes it along one of its own
/// edges (null: not taken by that member, or taken where the member falls
/// through to the next range of its block, where it has no phi).
struct Edge {
  BasicBlock *From;
  unsigned Slot;
  BasicBlock *To;
  std::array<const BasicBlock *, 2> Pred;
};

class MergedBodyBuilder {
public:
  MergedBodyBuilder(const AlignedPlan &Plan, const AnnotationPolicy &Policy,
                    RewriteContext &RC)
      : Plan(Plan), Policy(Policy), RC(RC), C(Plan.Left->getContext()),
        Side{Plan.Left, Plan.Right} {}

  Expected<Function *> run();

private:
  void createFunction();
  BasicBlock *newBlock(uint8_t Members);
  void dispatch(BasicBlock &From, BasicBlock &ToL, BasicBlock &ToR);
  void createBlocks();
  BasicBlock *startOf(unsigned S, const BasicBlock *BB) const;
  void emitEntry();
  void emitRange(const AlignedRange &R, BasicBlock &Head);
  void fallThrough(unsigned S, const AlignedRange &R, BasicBlock &From);
  void createPhi(BasicBlock &Block, const PHINode *L, const PHINode *R);
  Instruction *emit(const Instruction *L, const Instruction *R,
                    BasicBlock &Block);
  void copyDebugRecords(Instruction &New, const Instruction &Orig, unsigned S);
  DebugLoc location(unsigned S, const DebugLoc &DL);
  DebugLoc mergedLocation(const DebugLoc &L, const DebugLoc &R);
  Value *mapValue(unsigned S, const Value *V);
  Value *identifier(unsigned S) const;
  Value *selectBefore(Instruction &User, Value *L, Value *R);
  void fixOperands();
  void fixSuccessors();
  void fillPhis();
  Value *edgeInput(const Edge &E, Value *L, Value *R, PHINode &Phi);
  void redirectSelfCalls();
  uint8_t readers(const Use &U) const;
  void rebuildSSA(Instruction &Def, ArrayRef<Use *> Uses, uint8_t Readers);
  void removeTrivialPhis(ArrayRef<PHINode *> Phis);
  void repairSSA(DominatorTree &DT);
  void selectsToPhis(DominatorTree &DT);
  void dropUndominatedDebugValues(DominatorTree &DT);
  Error verify();

  const AlignedPlan &Plan;
  const AnnotationPolicy &Policy;
  RewriteContext &RC;
  LLVMContext &C;
  std::array<const Function *, 2> Side;
  Function *M = nullptr;
  Argument *Id = nullptr;
  DISubprogram *SP = nullptr;
  /// Where the right member's locations are inlined (line 0 of the body).
  DILocation *InlineSite = nullptr;
  DenseMap<const MDNode *, MDNode *> InlinedAtCache;
  std::array<DenseMap<const Value *, Value *>, 2> Values;
  /// The head block of each range.
  std::vector<BasicBlock *> Heads;
  /// Which members run each block: bit 0 the left, bit 1 the right.
  DenseMap<const BasicBlock *, uint8_t> Runs;
  DenseMap<BasicBlock *, SmallVector<PhiSlot, 4>> PhisOf;
  std::vector<Emitted> Instructions;
  std::vector<Edge> Edges;
  /// Selects placed in front of matched instructions, by block and inputs:
  /// later instructions of the block reuse them.
  DenseMap<std::tuple<BasicBlock *, Value *, Value *>, Value *> BlockSelects;
  /// Selects placed for phi inputs, by the block they end and the phi.
  DenseMap<std::pair<BasicBlock *, PHINode *>, Value *> EdgeSelects;
};

/// A distinct copy of SP for a member that keeps its symbol while the body
/// takes SP (as the identical rewriter gives a thunk its own).
void giveOwnSubprogram(Function &F, DISubprogram &SP) {
  TempDISubprogram Temp = SP.clone();
  DISubprogram *Copy = MDNode::replaceWithDistinct(std::move(Temp));
  Copy->replaceRetainedNodes(MDTuple::get(F.getContext(), {}));
  F.setSubprogram(Copy);
}

void MergedBodyBuilder::createFunction() {
  Function &L = *Plan.Left, &R = *Plan.Right;
  SmallVector<Type *, 8> Params(L.getFunctionType()->params());
  Params.push_back(Type::getInt1Ty(C));
  auto *Type = FunctionType::get(L.getReturnType(), Params, false);
  M = Function::Create(Type, GlobalValue::InternalLinkage, L.getAddressSpace(),
                       memberDerivedName(L.getName(), AlignedBodySuffix));
  L.getParent()->getFunctionList().insertAfter(L.getIterator(), M);
  M->copyAttributesFrom(&L);
  // pairObstacle checked that the lists intersect.
  AttributeList Attrs =
      L.getAttributes().intersectWith(C, R.getAttributes()).value_or(
          L.getAttributes());
  M->setAttributes(Attrs);
  // Each member may call the other, which now calls the body.
  M->removeFnAttr(Attribute::NoRecurse);
  M->addParamAttr(L.arg_size(), Attribute::NoUndef);
  M->setLinkage(GlobalValue::InternalLinkage);
  M->setVisibility(GlobalValue::DefaultVisibility);
  M->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  M->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  M->setComdat(nullptr);
  M->setDSOLocal(true);
  if (MaybeAlign RA = R.getAlign(); RA && (!M->getAlign() || *RA > *M->getAlign()))
    M->setAlignment(RA);
  if (!usesPersonality(L) && usesPersonality(R))
    M->setPersonalityFn(R.getPersonalityFn());
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  L.getAllMetadata(MDs);
  for (const auto &[Kind, Node] : MDs)
    if (Kind != LLVMContext::MD_dbg)
      M->setMetadata(Kind, Node);
  addEntryCount(*M, R);
  for (auto [From, To] : zip(L.args(), M->args()))
    To.setName(From.getName());
  Id = M->getArg(L.arg_size());
  Id->setName("lmf.id");
  if ((SP = L.getSubprogram())) {
    M->setSubprogram(SP);
    giveOwnSubprogram(L, *SP);
    InlineSite = DILocation::getDistinct(C, 0, 0, SP);
  }
}

constexpr uint8_t LeftRuns = 1, RightRuns = 2, BothRun = 3;
uint8_t runsOf(unsigned S) { return S ? RightRuns : LeftRuns; }

BasicBlock *MergedBodyBuilder::newBlock(uint8_t Members) {
  BasicBlock *BB = BasicBlock::Create(C, "", M);
  Runs[BB] = Members;
  return BB;
}

/// From ends with a branch on the identifier to ToL (left) or ToR (right),
/// through a block of each member's own: every edge that only one member
/// takes into a block both run leaves a block only that member runs, which
/// repairSSA relies on.
void MergedBodyBuilder::dispatch(BasicBlock &From, BasicBlock &ToL,
                                 BasicBlock &ToR) {
  BasicBlock *ArmL = newBlock(LeftRuns), *ArmR = newBlock(RightRuns);
  BranchInst::Create(ArmR, ArmL, Id, &From);
  BranchInst::Create(&ToL, ArmL);
  BranchInst::Create(&ToR, ArmR);
  Edges.push_back({ArmL, 0, &ToL, {nullptr, nullptr}});
  Edges.push_back({ArmR, 0, &ToR, {nullptr, nullptr}});
}

void MergedBodyBuilder::createBlocks() {
  // The entry block comes first: it allocates and dispatches.
  newBlock(BothRun);
  for (const AlignedRange &R : Plan.Alignment.Ranges)
    Heads.push_back(newBlock(R.paired() ? BothRun : runsOf(R.has(0) ? 0 : 1)));
}

BasicBlock *MergedBodyBuilder::startOf(unsigned S, const BasicBlock *BB) const {
  return Heads[Plan.Alignment.StartRange[S].lookup(BB)];
}

/// The entry block allocates every static alloca of both members, then
/// goes to each member's entry block.
void MergedBodyBuilder::emitEntry() {
  BasicBlock &Entry = M->getEntryBlock();
  for (const AlignedColumn &Col : Plan.Alignment.EntryAllocas)
    emit(Col.Left, Col.Right, Entry);
  BasicBlock *L = startOf(0, &Side[0]->getEntryBlock());
  BasicBlock *R = startOf(1, &Side[1]->getEntryBlock());
  if (L == R) {
    BranchInst::Create(L, &Entry);
    Edges.push_back({&Entry, 0, L, {nullptr, nullptr}});
    return;
  }
  dispatch(Entry, *L, *R);
}

/// Member S leaves From for the range it continues in.
void MergedBodyBuilder::fallThrough(unsigned S, const AlignedRange &R,
                                    BasicBlock &From) {
  BasicBlock *To = Heads[R.Next[S]];
  BranchInst::Create(To, &From);
  Edges.push_back({&From, 0, To, {nullptr, nullptr}});
}

void MergedBodyBuilder::emitRange(const AlignedRange &R, BasicBlock &Head) {
  for (auto [L, Rt] : R.Phis)
    createPhi(Head, L, Rt);
  if (!R.paired()) {
    unsigned S = R.has(0) ? 0 : 1;
    for (const AlignedColumn &Col : R.Columns)
      emit(Col.Left, Col.Right, Head);
    if (!R.Ends[S])
      fallThrough(S, R, Head);
    return;
  }
  BasicBlock *Current = &Head;
  const std::vector<AlignedColumn> &Cols = R.Columns;
  for (size_t I = 0; I < Cols.size();) {
    if (Cols[I].matched()) {
      emit(Cols[I].Left, Cols[I].Right, *Current);
      ++I;
      continue;
    }
    size_t End = I;
    bool HasSide[2] = {false, false};
    for (; End < Cols.size() && !Cols[End].matched(); ++End)
      HasSide[Cols[End].Left ? 0 : 1] = true;
    bool Trailing = End == Cols.size();
    // Both members get a block, if only to jump to the join: see dispatch.
    BasicBlock *SideBlock[2] = {nullptr, nullptr};
    for (unsigned S = 0; S < 2; ++S)
      if (HasSide[S] || !Trailing || !R.Ends[S])
        SideBlock[S] = newBlock(runsOf(S));
    BasicBlock *Join = Trailing ? nullptr : newBlock(BothRun);
    BranchInst::Create(SideBlock[1], SideBlock[0], Id, Current);
    for (size_t K = I; K < End; ++K)
      emit(Cols[K].Left, Cols[K].Right, *SideBlock[Cols[K].Left ? 0 : 1]);
    for (unsigned S = 0; S < 2; ++S) {
      if (!SideBlock[S])
        continue;
      if (!Trailing)
        BranchInst::Create(Join, SideBlock[S]);
      else if (!R.Ends[S])
        fallThrough(S, R, *SideBlock[S]);
    }
    if (Trailing)
      return;
    Current = Join;
    I = End;
  }
  // The last column was matched: either both members' terminators, or
  // both members continue in their next ranges.
  if (R.Ends[0])
    return;
  BasicBlock *ToL = Heads[R.Next[0]], *ToR = Heads[R.Next[1]];
  if (ToL == ToR) {
    BranchInst::Create(ToL, Current);
    Edges.push_back({Current, 0, ToL, {nullptr, nullptr}});
    return;
  }
  dispatch(*Current, *ToL, *ToR);
}

DebugLoc MergedBodyBuilder::location(unsigned S, const DebugLoc &DL) {
  if (!SP)
    return DebugLoc();
  if (S == 0)
    return DL;
  if (!DL)
    return DILocation::get(C, 0, 0, SP);
  // As the inliner writes an inlined location: the same line in the same
  // scope, with the inlined-at chain grown by the body's line 0.
  DILocation *InlinedAt =
      DebugLoc::appendInlinedAt(DL, InlineSite, C, InlinedAtCache);
  return DILocation::get(C, DL.getLine(), DL.getCol(), DL.getScope(),
                         InlinedAt, DL->isImplicitCode());
}

/// The location of a matched instruction: LLVM's merged location of both
/// members', without source-atom information (key instructions), which
/// LLVM would number from a counter of the context: the numbers would
/// depend on what else the context merged before.
DebugLoc MergedBodyBuilder::mergedLocation(const DebugLoc &L,
                                           const DebugLoc &R) {
  DebugLoc Merged = DebugLoc::getMergedLocation(L, R);
  if (!Merged || !Merged->getAtomGroup())
    return Merged;
  return DILocation::get(C, Merged.getLine(), Merged.getCol(),
                         Merged.getScope(), Merged.getInlinedAt(),
                         Merged->isImplicitCode());
}

void MergedBodyBuilder::copyDebugRecords(Instruction &New,
                                         const Instruction &Orig, unsigned S) {
  if (!Orig.hasDbgRecords())
    return;
  auto Copied = New.cloneDebugInfoFrom(&Orig);
  SmallVector<DbgRecord *, 4> Records;
  for (DbgRecord &DR : Copied)
    Records.push_back(&DR);
  for (DbgRecord *DR : Records) {
    if (!SP) {
      DR->eraseFromParent();
      continue;
    }
    DR->setDebugLoc(location(S, DR->getDebugLoc()));
    auto *DVR = dyn_cast<DbgVariableRecord>(DR);
    if (!DVR)
      continue;
    for (Value *Op : SmallVector<Value *, 2>(DVR->location_ops()))
      if (isa<Instruction>(Op) || isa<Argument>(Op))
        DVR->replaceVariableLocationOp(Op, mapValue(S, Op));
  }
}

/// Clones L (or R when L is null) at the end of Block; for a matched pair,
/// weakens the clone to what holds for both.
Instruction *MergedBodyBuilder::emit(const Instruction *L,
                                     const Instruction *R, BasicBlock &Block) {
  const Instruction &Orig = L ? *L : *R;
  unsigned S = L ? 0 : 1;
  Instruction *New = Orig.clone();
  New->insertInto(&Block, Block.end());
  if (Orig.hasName())
    New->setName(Orig.getName());
  New->setDebugLoc(location(S, Orig.getDebugLoc()));
  copyDebugRecords(*New, Orig, S);
  if (L && R) {
    intersectInstructionAnnotations(*New, *R, Policy);
    New->setDebugLoc(
        mergedLocation(New->getDebugLoc(), location(1, R->getDebugLoc())));
    copyDebugRecords(*New, *R, 1);
  }
  if (SP && !New->getDebugLoc() && isa<CallBase>(New))
    New->setDebugLoc(DILocation::get(C, 0, 0, SP));
  if (L)
    Values[0][L] = New;
  if (R)
    Values[1][R] = New;
  Instructions.push_back({New, {L, R}});
  return New;
}

void MergedBodyBuilder::createPhi(BasicBlock &Block, const PHINode *L,
                                  const PHINode *R) {
  const PHINode &Orig = L ? *L : *R;
  PHINode *New = PHINode::Create(Orig.getType(), 2, Orig.getName(), &Block);
  if (L)
    Values[0][L] = New;
  if (R)
    Values[1][R] = New;
  PhisOf[&Block].push_back({New, {L, R}});
}

Value *MergedBodyBuilder::identifier(unsigned S) const {
  return ConstantInt::get(Type::getInt1Ty(C), S);
}

Value *MergedBodyBuilder::mapValue(unsigned S, const Value *V) {
  if (const auto *A = dyn_cast<Argument>(V))
    return A->getParent() == Side[S]
               ? static_cast<Value *>(M->getArg(A->getArgNo()))
               : PoisonValue::get(V->getType());
  if (isa<Instruction>(V)) {
    auto It = Values[S].find(V);
    // Only a block no path reaches defines a value that was not emitted.
    return It != Values[S].end() ? It->second : PoisonValue::get(V->getType());
  }
  return const_cast<Value *>(V);
}

/// A select of the left value L and the right value R for an operand of
/// User: one placed earlier in User's block with the same inputs, or a new
/// one right before User.
Value *MergedBodyBuilder::selectBefore(Instruction &User, Value *L, Value *R) {
  auto Key = std::make_tuple(User.getParent(), L, R);
  auto It = BlockSelects.find(Key);
  if (It != BlockSelects.end())
    return It->second;
  Value *Sel = SelectInst::Create(Id, R, L, "", User.getIterator());
  BlockSelects[Key] = Sel;
  return Sel;
}

void MergedBodyBuilder::fixOperands() {
  for (const Emitted &E : Instructions) {
    auto [L, R] = E.Orig;
    for (unsigned I = 0, N = E.New->getNumOperands(); I != N; ++I) {
      const Value *LV = L ? L->getOperand(I) : nullptr;
      const Value *RV = R ? R->getOperand(I) : nullptr;
      if (isa<BasicBlock>(LV ? LV : RV))
        continue;
      if (!L || !R) {
        E.New->setOperand(I, L ? mapValue(0, LV) : mapValue(1, RV));
        continue;
      }
      Value *ML = mapValue(0, LV), *MR = mapValue(1, RV);
      // A matched pair of self calls: redirectSelfCalls passes the
      // identifier on.
      if (ML == Side[0] && MR == Side[1] && cast<CallBase>(E.New)->isCallee(
                                                &E.New->getOperandUse(I))) {
        E.New->setOperand(I, ML);
        continue;
      }
      E.New->setOperand(I, ML == MR ? ML : selectBefore(*E.New, ML, MR));
    }
  }
}

void MergedBodyBuilder::fixSuccessors() {
  for (const Emitted &E : Instructions) {
    if (!E.New->isTerminator() || E.New->getNumSuccessors() == 0)
      continue;
    auto [L, R] = E.Orig;
    BasicBlock *From = E.New->getParent();
    for (unsigned K = 0, N = E.New->getNumSuccessors(); K != N; ++K) {
      if (!L || !R) {
        unsigned S = L ? 0 : 1;
        const Instruction &Orig = L ? *L : *R;
        BasicBlock *To = startOf(S, Orig.getSuccessor(K));
        E.New->setSuccessor(K, To);
        Edge Ed{From, K, To, {nullptr, nullptr}};
        Ed.Pred[S] = Orig.getParent();
        Edges.push_back(Ed);
        continue;
      }
      BasicBlock *ToL = startOf(0, L->getSuccessor(K));
      BasicBlock *ToR = startOf(1, R->getSuccessor(K));
      if (ToL == ToR) {
        E.New->setSuccessor(K, ToL);
        Edges.push_back({From, K, ToL, {L->getParent(), R->getParent()}});
        continue;
      }
      BasicBlock *Dispatch = newBlock(BothRun);
      E.New->setSuccessor(K, Dispatch);
      dispatch(*Dispatch, *ToL, *ToR);
      Edges[Edges.size() - 2].Pred = {L->getParent(), nullptr};
      Edges.back().Pred = {nullptr, R->getParent()};
    }
  }
}

/// The input of Phi on edge E when both members take E, with inputs L and
/// R that differ: a select at the end of the block E leaves, or on a new
/// block of the normal edge of an invoke (whose result may be an input).
Value *MergedBodyBuilder::edgeInput(const Edge &E, Value *L, Value *R,
                                    PHINode &Phi) {
  auto Key = std::make_pair(E.From, &Phi);
  auto It = EdgeSelects.find(Key);
  if (It != EdgeSelects.end())
    return It->second;
  Instruction *Term = E.From->getTerminator();
  Value *Sel = SelectInst::Create(Id, R, L, "", Term->getIterator());
  EdgeSelects[Key] = Sel;
  return Sel;
}

void MergedBodyBuilder::fillPhis() {
  // An invoke's normal edge that needs a select gets a block of its own
  // first, so that every phi of the edge sees the same predecessor.
  for (Edge &E : Edges) {
    auto *II = dyn_cast<InvokeInst>(E.From->getTerminator());
    if (!II || E.Slot != 0 || !E.Pred[0] || !E.Pred[1] ||
        !PhisOf.count(E.To))
      continue;
    BasicBlock *Split = newBlock(Runs.lookup(E.From));
    BranchInst::Create(E.To, Split);
    II->setNormalDest(Split);
    E.From = Split;
  }
  for (const Edge &E : Edges) {
    auto It = PhisOf.find(E.To);
    if (It == PhisOf.end())
      continue;
    for (const PhiSlot &Slot : It->second) {
      std::array<Value *, 2> In = {nullptr, nullptr};
      for (unsigned S = 0; S < 2; ++S)
        if (Slot.Orig[S] && E.Pred[S])
          In[S] = mapValue(S, Slot.Orig[S]->getIncomingValueForBlock(E.Pred[S]));
      Value *V;
      if (In[0] && In[1])
        V = In[0] == In[1] ? In[0] : edgeInput(E, In[0], In[1], *Slot.New);
      else if (In[0] || In[1])
        V = In[0] ? In[0] : In[1];
      else
        V = PoisonValue::get(Slot.New->getType());
      Slot.New->addIncoming(V, E.From);
    }
  }
}

/// A member's call of itself calls the body with the member's identifier;
/// a matched pair of such calls passes the identifier on. A call of the
/// other member keeps calling its symbol, which may be interposed.
void MergedBodyBuilder::redirectSelfCalls() {
  for (const Emitted &E : Instructions) {
    auto *CB = dyn_cast<CallBase>(E.New);
    if (!CB)
      continue;
    auto [L, R] = E.Orig;
    bool LeftSelf = L && isSelfCall(*L, *Side[0]);
    bool RightSelf = R && isSelfCall(*R, *Side[1]);
    Value *Which;
    if (L && R && LeftSelf && RightSelf)
      Which = Id;
    else if (!R && LeftSelf)
      Which = identifier(0);
    else if (!L && RightSelf)
      Which = identifier(1);
    else
      continue;
    callWithExtraArguments(*CB, *M, {Which}, ModRefInfo::NoModRef);
  }
}

/// Which members may use the value an operand reads: the members that run
/// the block it is read in (for a phi, the block it comes from), or, for
/// an arm of a select on the identifier, that arm's member.
uint8_t MergedBodyBuilder::readers(const Use &U) const {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Runs.lookup(Phi->getIncomingBlock(U));
  if (auto *Sel = dyn_cast<SelectInst>(User);
      Sel && Sel->getCondition() == Id && U.getOperandNo() != 0)
    return U.getOperandNo() == 1 ? RightRuns : LeftRuns;
  return Runs.lookup(User->getParent());
}

/// Rebuilds SSA form for Def, whose Uses (all read by the members in
/// Readers) it does not dominate: the members' own paths to each use pass
/// Def, the others (which mix the members' paths) need not. The value
/// along an edge is Def where the edge leaves Def's block, undefined where
/// it leaves a block no reader runs (the other member's: dispatch gives
/// every edge one member takes into a block both run such a source) or
/// the entry, and otherwise the value at the start of the edge's source:
/// a new phi where that block has several predecessors. Only the blocks
/// between the uses and those sources are visited (the algorithm of Braun
/// et al., "Simple and Efficient Construction of SSA Form", without
/// recursion), so the time is the size of the value's live range on its
/// readers' paths, not of the body.
void MergedBodyBuilder::rebuildSSA(Instruction &Def, ArrayRef<Use *> Uses,
                                   uint8_t Readers) {
  BasicBlock *DefBlock = Def.getParent();
  Value *Undefined = PoisonValue::get(Def.getType());
  auto *Invoke = dyn_cast<InvokeInst>(&Def);
  auto Cut = [&](const BasicBlock *BB) {
    return (Runs.lookup(BB) & Readers) == 0;
  };
  // The region: blocks whose value at their start is needed, in the order
  // they are found (which the new phis follow: never pointer order).
  DenseMap<BasicBlock *, Value *> Start;
  SmallVector<BasicBlock *, 16> Region, Work;
  auto Need = [&](BasicBlock *BB) {
    if (BB != DefBlock && !Cut(BB) && Start.try_emplace(BB, nullptr).second) {
      Work.push_back(BB);
      Region.push_back(BB);
    }
  };
  for (Use *U : Uses) {
    auto *User = cast<Instruction>(U->getUser());
    if (auto *Phi = dyn_cast<PHINode>(User))
      Need(Phi->getIncomingBlock(*U));
    else
      Need(User->getParent());
  }
  while (!Work.empty())
    for (BasicBlock *Pred : predecessors(Work.pop_back_val()))
      Need(Pred);
  // A phi where several edges meet; an edge alone passes its value on.
  SmallVector<PHINode *, 8> Phis;
  for (BasicBlock *BB : Region)
    if (BB->hasNPredecessorsOrMore(2)) {
      // At the front: finding the end of a block's phis would cost the
      // number of phis the block already has, for every one added.
      auto *Phi = PHINode::Create(Def.getType(), 2, Def.getName(), BB->begin());
      Start[BB] = Phi;
      Phis.push_back(Phi);
    }
  std::function<Value *(BasicBlock *, BasicBlock *)> Along;
  auto AtStart = [&](BasicBlock *BB) -> Value * {
    // Follow single predecessors iteratively to the block that decides.
    SmallVector<BasicBlock *, 8> Chain;
    Value *V = nullptr;
    while (true) {
      Value *&Known = Start[BB];
      if (Known) {
        V = Known;
        break;
      }
      BasicBlock *Pred = BB->getSinglePredecessor();
      if (!Pred) {
        // The entry: nothing defined the value yet.
        V = Undefined;
        Known = V;
        break;
      }
      Chain.push_back(BB);
      if (Pred == DefBlock || Cut(Pred)) {
        V = Along(Pred, BB);
        break;
      }
      BB = Pred;
    }
    for (BasicBlock *B : Chain)
      Start[B] = V;
    return V;
  };
  Along = [&](BasicBlock *From, BasicBlock *To) -> Value * {
    if (From == DefBlock)
      return Invoke && Invoke->getUnwindDest() == To ? Undefined : &Def;
    if (Cut(From))
      return Undefined;
    return AtStart(From);
  };
  for (PHINode *Phi : Phis)
    for (BasicBlock *Pred : predecessors(Phi->getParent()))
      Phi->addIncoming(Along(Pred, Phi->getParent()), Pred);
  for (Use *U : Uses) {
    auto *User = cast<Instruction>(U->getUser());
    if (auto *Phi = dyn_cast<PHINode>(User))
      U->set(Along(Phi->getIncomingBlock(*U), Phi->getParent()));
    else
      U->set(AtStart(User->getParent()));
  }
  removeTrivialPhis(Phis);
}

/// A phi the repair made whose inputs are all one value (or itself) is
/// that value. Only the repair's own phis are looked at: the body's phis
/// may be read by uses still to repair.
void MergedBodyBuilder::removeTrivialPhis(ArrayRef<PHINode *> Phis) {
  SmallPtrSet<PHINode *, 8> Own(Phis.begin(), Phis.end());
  SmallVector<PHINode *, 8> Work(Phis.begin(), Phis.end());
  SmallPtrSet<PHINode *, 8> Erased;
  while (!Work.empty()) {
    PHINode *Phi = Work.pop_back_val();
    if (Erased.count(Phi))
      continue;
    Value *Same = nullptr;
    bool Trivial = true;
    for (Value *In : Phi->incoming_values()) {
      if (In == Phi || In == Same)
        continue;
      if (Same) {
        Trivial = false;
        break;
      }
      Same = In;
    }
    if (!Trivial)
      continue;
    if (!Same)
      Same = PoisonValue::get(Phi->getType());
    for (User *U : Phi->users())
      if (auto *P = dyn_cast<PHINode>(U); P && P != Phi && Own.count(P))
        Work.push_back(P);
    Phi->replaceAllUsesWith(Same);
    Phi->eraseFromParent();
    Erased.insert(Phi);
  }
}

/// Values of one member used where the merged control flow no longer
/// passes their definition on every path (rebuildSSA), grouped by the
/// members that read them.
void MergedBodyBuilder::repairSSA(DominatorTree &DT) {
  struct Broken {
    Instruction *Def;
    std::array<SmallVector<Use *, 4>, 4> UsesBy;
  };
  SmallVector<Broken, 16> All;
  for (BasicBlock &BB : *M)
    for (Instruction &I : BB) {
      Broken B{&I, {}};
      bool Any = false;
      for (Use &U : I.uses())
        if (!DT.dominates(&I, U)) {
          uint8_t R = readers(U);
          B.UsesBy[R ? R : BothRun].push_back(&U);
          Any = true;
        }
      if (Any)
        All.push_back(std::move(B));
    }
  for (Broken &B : All) {
    // A use both members read (a matched instruction that reads a matched
    // value) reads it through a select of each member's own: each member's
    // paths to the use pass the definition, their mixtures need not, and
    // rebuilding for one member at a time never looks beyond its paths.
    SmallVector<Use *, 4> Both;
    for (Use *U : B.UsesBy[BothRun]) {
      auto *User = cast<Instruction>(U->getUser());
      Instruction *Before = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        Before = Phi->getIncomingBlock(*U)->getTerminator();
      if (Before == B.Def || isa<InvokeInst>(Before)) {
        Both.push_back(U);
        continue;
      }
      auto *Sel = SelectInst::Create(Id, B.Def, B.Def, "", Before->getIterator());
      Runs.try_emplace(Sel->getParent(), BothRun);
      U->set(Sel);
      B.UsesBy[LeftRuns].push_back(&Sel->getOperandUse(2));
      B.UsesBy[RightRuns].push_back(&Sel->getOperandUse(1));
    }
    B.UsesBy[BothRun] = std::move(Both);
    for (uint8_t Readers : {LeftRuns, RightRuns, BothRun})
      if (!B.UsesBy[Readers].empty())
        rebuildSSA(*B.Def, B.UsesBy[Readers], Readers);
  }
}

/// A select on the identifier in a block whose every predecessor is run by
/// one member only (the block after a branch on the identifier) is a phi:
/// on each edge, the member's input, or that input's own input on the edge
/// when it is a phi of the block. (SSA repair leaves such pairs where a
/// member's value meets the other's: a phi that is undefined on the other
/// member's edges, selected against.)
void MergedBodyBuilder::selectsToPhis(DominatorTree &DT) {
  SmallVector<SelectInst *, 16> Selects;
  for (BasicBlock &BB : *M)
    for (Instruction &I : BB)
      if (auto *Sel = dyn_cast<SelectInst>(&I); Sel && Sel->getCondition() == Id)
        Selects.push_back(Sel);
  SmallSetVector<PHINode *, 16> Read;
  DenseMap<std::tuple<BasicBlock *, Value *, Value *>, PHINode *> Made;
  DenseMap<std::pair<Value *, Value *>, PHINode *> Done;
  for (SelectInst *&Sel : Selects) {
    BasicBlock *BB = Sel->getParent();
    Value *Arms[2] = {Sel->getFalseValue(), Sel->getTrueValue()};
    auto Usable = [&](Value *V) {
      auto *I = dyn_cast<Instruction>(V);
      return !I || I->getParent() != BB || isa<PHINode>(I);
    };
    if (pred_empty(BB) || !Usable(Arms[0]) || !Usable(Arms[1]) ||
        llvm::any_of(predecessors(BB), [&](BasicBlock *P) {
          uint8_t R = Runs.lookup(P);
          return R != LeftRuns && R != RightRuns;
        }))
      continue;
    auto Key = std::make_tuple(BB, Arms[0], Arms[1]);
    PHINode *Phi = Made.lookup(Key);
    if (!Phi) {
      Phi = PHINode::Create(Sel->getType(), 2, "", BB->begin());
      for (BasicBlock *P : predecessors(BB)) {
        Value *V = Arms[Runs.lookup(P) == RightRuns ? 1 : 0];
        if (auto *In = dyn_cast<PHINode>(V); In && In->getParent() == BB) {
          V = In->getIncomingValueForBlock(P);
          Read.insert(In);
        }
        Phi->addIncoming(V, P);
      }
      Phi->takeName(Sel);
      Made[Key] = Phi;
      // The first such phi for these values stands for them wherever it
      // dominates (below).
      Done.try_emplace(std::make_pair(Arms[0], Arms[1]), Phi);
    }
    Sel->replaceAllUsesWith(Phi);
    Sel->eraseFromParent();
    Sel = nullptr;
  }
  // A select of the same two values where such a phi dominates it is that
  // phi.
  for (SelectInst *Sel : Selects) {
    if (!Sel)
      continue;
    PHINode *Phi =
        Done.lookup(std::make_pair(Sel->getFalseValue(), Sel->getTrueValue()));
    if (!Phi || !DT.dominates(Phi->getParent(), Sel->getParent()))
      continue;
    Sel->replaceAllUsesWith(Phi);
    Sel->eraseFromParent();
  }
  // The phis the selects read are dead now unless something else reads
  // them.
  for (PHINode *Phi : Read)
    if (Phi->use_empty())
      Phi->eraseFromParent();
}

void MergedBodyBuilder::dropUndominatedDebugValues(DominatorTree &DT) {
  for (BasicBlock &BB : *M)
    for (Instruction &I : BB)
      for (DbgVariableRecord &DVR : filterDbgVars(I.getDbgRecordRange()))
        for (Value *Op : DVR.location_ops())
          if (auto *Def = dyn_cast<Instruction>(Op);
              Def && !DT.dominates(Def, &I)) {
            DVR.setKillLocation();
            break;
          }
}

Error MergedBodyBuilder::verify() {
  std::string Message;
  raw_string_ostream OS(Message);
  if (!verifyFunction(*M, &OS))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "merged body of '" + Side[0]->getName() + "' and '" +
                               Side[1]->getName() +
                               "' does not verify: " + OS.str());
}

Expected<Function *> MergedBodyBuilder::run() {
  createFunction();
  createBlocks();
  emitEntry();
  for (auto [R, Head] : zip(Plan.Alignment.Ranges, Heads))
    emitRange(R, *Head);
  fixOperands();
  fixSuccessors();
  fillPhis();
  redirectSelfCalls();
  DominatorTree DT(*M);
  repairSSA(DT);
  selectsToPhis(DT);
  dropUndominatedDebugValues(DT);
  if (isAssignmentTrackingEnabled(*M->getParent()))
    at::deleteAll(M);
  if (Error E = verify()) {
    // Leave the module as it was: the left member takes its subprogram
    // back.
    if (SP)
      const_cast<Function *>(Side[0])->setSubprogram(SP);
    M->setSubprogram(nullptr);
    M->dropAllReferences();
    M->eraseFromParent();
    return E;
  }
  RC.Globals.add(M);
  RC.Touched.insert(M);
  return M;
}

} // namespace

Expected<Function *> buildMergedBody(const AlignedPlan &Plan,
                                     const AnnotationPolicy &Policy,
                                     RewriteContext &RC) {
  return MergedBodyBuilder(Plan, Policy, RC).run();
}

} // namespace lmf
