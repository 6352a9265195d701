//===- MemberSSA.cpp - SSA form for a body two members share --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The merged body (MergedBodyBuilder.cpp) runs the two members' code in
// one control flow: blocks both run, and blocks only one runs, entered by
// branches on the identifier. A value one member computes in its own block
// and uses after the members meet again no longer dominates its use in
// that control flow, though it does on every path its member takes. This
// file gives such values SSA form again, value by value:
//
//  * the uses of a value are grouped by the members that read them (the
//    members that run the block they are in; for a phi, the block the
//    input comes from; for an arm of a select on the identifier, that
//    arm's member). A use both members read goes through a select on the
//    identifier of each member's own value first, so that every group
//    belongs to one member's paths;
//  * for each group, the value is rebuilt on that member's paths only (the
//    algorithm of Braun et al., "Simple and Efficient Construction of SSA
//    Form", iterative): a new phi where edges meet, the value itself on
//    edges that leave its block, and poison where the other member's
//    blocks or the entry are the source, which only paths the select
//    discards can reach; phis that turn out trivial are removed. The time
//    is the size of the value's live range on its readers' paths, not of
//    the body;
//  * last, a select on the identifier in a block whose every predecessor
//    only one member runs (the block after a branch on the identifier) is
//    a phi of each member's input, and where such a phi dominates another
//    select of the same two values, that select is the phi too.
//
// The phis are created in the order the blocks are found from the uses,
// never by pointer, so the body is the same for any run and thread count.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/MemberSSA.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <array>
#include <functional>
#include <tuple>

using namespace llvm;

namespace lmf {
namespace {

class MemberSSARepair {
public:
  MemberSSARepair(Function &Body, Argument &Id, BlockRunners &Runs)
      : Body(Body), Id(Id), Runs(Runs) {}

  void repairSSA(DominatorTree &DT);
  void selectsToPhis(DominatorTree &DT);

private:
  uint8_t readers(const Use &U) const;
  void rebuildSSA(Instruction &Def, ArrayRef<Use *> Uses, uint8_t Readers);
  void removeTrivialPhis(ArrayRef<PHINode *> Phis);

  Function &Body;
  Argument &Id;
  BlockRunners &Runs;
};

/// Which members may use the value an operand reads: the members that run
/// the block it is read in (for a phi, the block it comes from), or, for
/// an arm of a select on the identifier, that arm's member.
uint8_t MemberSSARepair::readers(const Use &U) const {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Runs.lookup(Phi->getIncomingBlock(U));
  if (auto *Sel = dyn_cast<SelectInst>(User);
      Sel && Sel->getCondition() == &Id && U.getOperandNo() != 0)
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
void MemberSSARepair::rebuildSSA(Instruction &Def, ArrayRef<Use *> Uses,
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
void MemberSSARepair::removeTrivialPhis(ArrayRef<PHINode *> Phis) {
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
void MemberSSARepair::repairSSA(DominatorTree &DT) {
  struct Broken {
    Instruction *Def;
    std::array<SmallVector<Use *, 4>, 4> UsesBy;
  };
  SmallVector<Broken, 16> All;
  for (BasicBlock &BB : Body)
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
      auto *Sel =
          SelectInst::Create(&Id, B.Def, B.Def, "", Before->getIterator());
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
void MemberSSARepair::selectsToPhis(DominatorTree &DT) {
  SmallVector<SelectInst *, 16> Selects;
  for (BasicBlock &BB : Body)
    for (Instruction &I : BB)
      if (auto *Sel = dyn_cast<SelectInst>(&I);
          Sel && Sel->getCondition() == &Id)
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

} // namespace

void repairMemberSSA(Function &Body, Argument &Id, BlockRunners &Runs,
                     DominatorTree &DT) {
  MemberSSARepair Repair(Body, Id, Runs);
  Repair.repairSSA(DT);
  Repair.selectsToPhis(DT);
}

} // namespace lmf
