//===- DeferredDeletion.cpp - Delete folded bodies in parallel ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Deleting the bodies of folded functions used to be half of the pass on
// large modules, all of it on one thread: every instruction is unlinked from
// the use lists of its operands, loses its metadata attachments and its name,
// and is freed. Most of that touches only the dying function's own memory;
// a few parts touch state that other functions share, and those cannot run
// on two threads at once:
//
//  * use lists of values outside the body (globals, functions, constants,
//    and, for a thunk's old body, the thunk's arguments): a use list is a
//    doubly linked list through the Use objects of every user;
//  * the LLVMContext's side tables: metadata attachments, value names,
//    values referred to by metadata, value handles, debug records' tracking
//    of shared metadata, DIAssignID bookkeeping, comdats, GC names;
//  * the module's function list and symbol table.
//
// So deletion is cut in two. When a fold throws a body away, on the thread
// that folds and in the order of the folds, the body is detached: every
// operand that refers outside the body is dropped, attachments, names and
// debug records are removed, the function leaves the module. What remains
// references nothing but itself, is invisible to every use list and table,
// and is kept in a list. After the last round the whole list is deleted on
// the task runner, one function per task. A body that a value handle
// watches, whose block addresses are taken, or that is still used by
// constants is deleted at once instead, as before: its deletion notifies
// context-wide tables.
//
// Nothing that reaches the output changes: the module sees exactly the same
// removals at the same moments (removing uses never reorders the others,
// and names leave the symbol tables when they did before); only the freeing
// of memory moves. A body that waits is not in the module, so later folds
// never see its references, and its address is never reused for a new
// function during the pass.
//
//===----------------------------------------------------------------------===//

#include "core/DeferredDeletion.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace lmf {
namespace {

/// True when V lives inside F: its deletion touches only F's memory.
bool ownedBy(const Value &V, const Function &F) {
  if (const auto *I = dyn_cast<Instruction>(&V))
    return I->getFunction() == &F;
  if (const auto *A = dyn_cast<Argument>(&V))
    return A->getParent() == &F;
  if (const auto *BB = dyn_cast<BasicBlock>(&V))
    return BB->getParent() == &F;
  return false;
}

/// Tracks whether a body may be deleted on another thread.
struct Detachment {
  bool Private = true;
};

/// Removes what the context keeps about V: its name and the metadata that
/// refers to it (as deleting it would: references become poison).
void detachValue(Value &V, Detachment &D) {
  if (V.hasName())
    V.setName("");
  if (V.isUsedByMetadata()) {
    if (isa<BasicBlock>(V))
      D.Private = false;
    else
      ValueAsMetadata::handleRAUW(&V, PoisonValue::get(V.getType()));
  }
  D.Private &= !V.hasValueHandle();
}

void detachAttachments(Instruction &I) {
  // The DIAssignID table maps IDs back to instructions: clear it properly.
  if (I.getMetadata(LLVMContext::MD_DIAssignID))
    I.setMetadata(LLVMContext::MD_DIAssignID, nullptr);
  I.eraseMetadataIf(
      [](unsigned Kind, MDNode *) { return Kind != LLVMContext::MD_dbg; });
}

void detachInstruction(Instruction &I, const Function &F, Detachment &D) {
  I.dropDbgRecords();
  if (I.hasMetadataOtherThanDebugLoc())
    detachAttachments(I);
  for (Use &U : I.operands())
    if (U.get() && !ownedBy(*U.get(), F))
      U.set(nullptr);
  detachValue(I, D);
}

void detachBody(Function &F, Detachment &D) {
  for (Argument &A : F.args())
    detachValue(A, D);
  for (BasicBlock &BB : F) {
    D.Private &= !BB.hasAddressTaken();
    for (Instruction &I : BB)
      detachInstruction(I, F, D);
    detachValue(BB, D);
  }
}

/// The function's own ties: attachments, hung-off operands, comdat, GC,
/// partition, sanitizer metadata, name.
void detachFunction(Function &F, Detachment &D) {
  F.clearMetadata();
  if (F.hasPersonalityFn())
    F.setPersonalityFn(nullptr);
  if (F.hasPrefixData())
    F.setPrefixData(nullptr);
  if (F.hasPrologueData())
    F.setPrologueData(nullptr);
  F.setComdat(nullptr);
  if (F.hasGC())
    F.clearGC();
  if (F.hasPartition())
    F.setPartition("");
  if (F.hasSanitizerMetadata())
    F.removeSanitizerMetadata();
  F.removeDeadConstantUsers();
  D.Private &= F.use_empty() && !F.hasValueHandle() && !F.isUsedByMetadata();
}

} // namespace

DeferredDeletion::~DeferredDeletion() { deletePending(serialRunner(), 0); }

void DeferredDeletion::eraseFunction(Function &F) {
  Detachment D;
  detachBody(F, D);
  detachFunction(F, D);
  if (!D.Private) {
    F.eraseFromParent();
    return;
  }
  F.removeFromParent();
  F.setName("");
  Pending.push_back(&F);
}

void DeferredDeletion::dropBody(Function &F) {
  if (F.empty())
    return;
  // The blocks move to a function outside the module, which is detached
  // and deleted like an erased one; F keeps its symbol and attributes.
  Function *Old =
      Function::Create(F.getFunctionType(), GlobalValue::PrivateLinkage,
                       F.getAddressSpace(), "", nullptr);
  Old->splice(Old->end(), &F);
  Detachment D;
  detachBody(*Old, D);
  if (!D.Private) {
    delete Old;
    return;
  }
  Pending.push_back(Old);
}

void DeferredDeletion::deletePending(TaskRunner &Runner,
                                     size_t SerialThreshold) {
  forEachIndex(Runner, Pending.size(), SerialThreshold,
               [&](size_t I) { delete Pending[I]; });
  Pending.clear();
}

} // namespace lmf
