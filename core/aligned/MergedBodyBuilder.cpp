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
//    control flow, though it does on every path of its member: SSA form is
//    rebuilt for such values on their member's paths, with poison where
//    only the other member's paths come from (MemberSSA.cpp).
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
#include "core/aligned/MemberSSA.h"
#include "core/equality/GlobalNumbering.h"
#include "core/facts/AnnotationIntersector.h"
#include "core/facts/ProfileFacts.h"
#include "core/rewrite/CallRewrites.h"
#include "core/rewrite/FunctionRewrites.h"

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
  BlockRunners Runs;
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

uint8_t runsOf(unsigned S) { return S ? RightRuns : LeftRuns; }

BasicBlock *MergedBodyBuilder::newBlock(uint8_t Members) {
  BasicBlock *BB = BasicBlock::Create(C, "", M);
  Runs[BB] = Members;
  return BB;
}

/// From ends with a branch on the identifier to ToL (left) or ToR (right),
/// through a block of each member's own: every edge that only one member
/// takes into a block both run leaves a block only that member runs, which
/// the SSA repair relies on (MemberSSA.cpp).
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
  // Each side's scope declarations met the other side's accesses.
  forgetDeclaredNoAliasScopes(*M, Side);
  DominatorTree DT(*M);
  repairMemberSSA(*M, *Id, Runs, DT);
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
