//===- IdenticalPlanner.h - Plan one class of equal functions ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_IDENTICALPLANNER_H
#define LMF_CORE_IDENTICALPLANNER_H

#include "core/MergeActions.h"
#include "core/MergeOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Comdat;
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace lmf {

/// How one member G of a class of equal functions folds.
struct IdenticalMemberPlan {
  llvm::Function *Fn = nullptr;
  FoldAction Action = FoldAction::Thunk;
  /// For CallersRedirected: G's address is insignificant inside the module,
  /// so every use is replaced, not only direct calls.
  bool ReplaceAllUses = false;
};

struct Refusal {
  llvm::Function *Fn = nullptr;
  llvm::StringRef Reason;
};

/// What the identical stage does with one class of equal functions.
struct IdenticalPlan {
  /// The function whose body is kept.
  llvm::Function *Survivor = nullptr;
  /// The survivor's body may be replaced at link or load time (weak,
  /// linkonce, *_odr): it moves into a new private function first, and the
  /// survivor is folded into that copy like any member (SurvivorFold).
  bool NeedsPrivateBody = false;
  IdenticalMemberPlan SurvivorFold;
  llvm::SmallVector<IdenticalMemberPlan, 4> Folded;
  llvm::SmallVector<Refusal, 2> Refused;

  bool foldsAnything() const { return !Folded.empty(); }
};

/// Facts about the module that every plan needs, computed once before
/// anything in the module folds: mergeModule computes them at the start of
/// a run, and both of its stages read them as they were then.
struct ModuleFacts {
  llvm::SmallPtrSet<const llvm::GlobalValue *, 16> Used;
  /// Definitions whose address no input of the link uses (on the link's
  /// list, MergeOptions::LinkAddressFree, and only called in this module):
  /// their address is not significant anywhere, like an unnamed_addr one.
  llvm::SmallPtrSet<const llvm::Function *, 16> LinkAddressFree;
  bool SupportsAliases = true;
  /// ELF comdats of `any` selection that hold exactly one global object.
  /// A weak_odr function alone in such a comdat may still become an alias
  /// (see aliasLeavesNoGroup in IdenticalPlanner.cpp).
  llvm::SmallPtrSet<const llvm::Comdat *, 16> SingleMemberComdats;
  /// The module is built for a shared object (PIC, not PIE): an exported
  /// definition that is not dso_local may be preempted at load time.
  bool SharedObject = false;
  /// Arguments the target passes in registers, integer and pointer ones
  /// and floating-point ones, from the module's triple.
  unsigned IntegerArgumentRegisters = 6;
  unsigned FloatArgumentRegisters = 8;
};

/// LinkAddressFree: MergeOptions::LinkAddressFree, or null.
ModuleFacts
collectModuleFacts(const llvm::Module &M,
                   const llvm::DenseSet<uint64_t> *LinkAddressFree = nullptr);

/// The GUID under which F's module summary listed F before the thin link:
/// its own for a symbol that was global, the original local one for a local
/// the thin link promoted (renamed `<name>.llvm.<hash>`).
uint64_t linkGUID(const llvm::Function &F);

/// Plans a class of functions that compare equal, given in module order.
IdenticalPlan planIdenticalClass(llvm::ArrayRef<llvm::Function *> Members,
                                 const ModuleFacts &Facts, MergeMode Mode);

/// True when a tail-call thunk is smaller than F's body.
bool thunkIsSmaller(const llvm::Function &F);

/// Why G cannot become a thunk of a body with G's type and calling
/// convention, or "" when it can.
llvm::StringRef thunkObstacle(const llvm::Function &G);

/// True when another definition may take F's place, at link time
/// (interposable linkage) or at load time (an exported, preemptible symbol
/// of a shared object, which `LD_PRELOAD` or an earlier library overrides).
bool mayBeReplaced(const llvm::Function &F, const ModuleFacts &Facts);

/// True when nothing outside the module needs F's symbol and no use in it
/// needs F's address to be distinct, so F may disappear once its uses are
/// rewritten.
bool mayDisappear(const llvm::Function &F, const ModuleFacts &Facts,
                  MergeMode Mode);

/// True when a call to F always runs this very body: F's definition is
/// exact and nothing may take its place.
bool bodyIsFinal(const llvm::Function &F, const ModuleFacts &Facts);

/// No one, in this module or outside it, may compare F's address.
bool globalAddressFree(const llvm::Function &F, const ModuleFacts &Facts,
                       MergeMode Mode);

} // namespace lmf

#endif
