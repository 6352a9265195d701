//===- GlobalNumbering.cpp - Stable numbers for global values -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Numbers follow module order: functions, then global variables, aliases and
// ifuncs. Module order is part of the input, so the numbers (and everything
// ordered by them) are the same on every run and for every thread count.
// Numbers are never reused: a global created later gets a fresh one, so a
// pointer recycled by the allocator can never inherit a stale number.
//
// Distinct nodes are found from the attachments of global objects, then from
// the metadata arguments and attachments of instructions, in module order,
// operands depth first; debug info (`!dbg`, DI nodes) is not walked: it is
// never compared, and its graphs are large.
//
//===----------------------------------------------------------------------===//

#include "core/equality/GlobalNumbering.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

GlobalNumbering::GlobalNumbering(const Module &M) {
  for (const GlobalValue &GV : M.global_values())
    add(&GV);
  numberDistinctNodes(M);
}

void GlobalNumbering::numberDistinctNodes(const Module &M) {
  SmallPtrSet<const MDNode *, 32> Seen;
  SmallVector<const MDNode *, 16> Stack;
  SmallVector<std::pair<unsigned, MDNode *>, 4> Attached;
  auto Walk = [&](const MDNode *Root) {
    Stack.push_back(Root);
    while (!Stack.empty()) {
      const MDNode *N = Stack.pop_back_val();
      if (isa<DINode>(N) || !Seen.insert(N).second)
        continue;
      if (N->isDistinct())
        DistinctNodes.try_emplace(N, DistinctNodes.size());
      // Reversed, so that operands are numbered first to last.
      for (const MDOperand &Op : llvm::reverse(N->operands()))
        if (const auto *Child = dyn_cast_or_null<MDNode>(Op.get()))
          Stack.push_back(Child);
    }
  };
  for (const GlobalObject &GO : M.global_objects()) {
    Attached.clear();
    GO.getAllMetadata(Attached);
    for (const auto &[Kind, Node] : Attached)
      if (Kind != LLVMContext::MD_dbg)
        Walk(Node);
  }
  // Then those only code names: metadata arguments and attachments.
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        if (const auto *CB = dyn_cast<CallBase>(&I))
          for (const Use &Arg : CB->args())
            if (const auto *MV = dyn_cast<MetadataAsValue>(Arg.get()))
              if (const auto *N = dyn_cast<MDNode>(MV->getMetadata()))
                Walk(N);
        if (!I.hasMetadataOtherThanDebugLoc())
          continue;
        Attached.clear();
        I.getAllMetadataOtherThanDebugLoc(Attached);
        for (const auto &[Kind, Node] : Attached)
          Walk(Node);
      }
}

std::optional<uint64_t>
GlobalNumbering::lookupDistinct(const MDNode *N) const {
  auto It = DistinctNodes.find(N);
  if (It == DistinctNodes.end())
    return std::nullopt;
  return It->second;
}

std::optional<uint64_t> GlobalNumbering::lookup(const GlobalValue *GV) const {
  auto It = Numbers.find(GV);
  if (It == Numbers.end())
    return std::nullopt;
  return It->second;
}

void GlobalNumbering::add(const GlobalValue *GV) { Numbers[GV] = Next++; }

void GlobalNumbering::remove(const GlobalValue *GV) { Numbers.erase(GV); }

} // namespace lmf
