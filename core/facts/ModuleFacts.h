//===- ModuleFacts.h - What both planners know about a module ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_FACTS_MODULEFACTS_H
#define LMF_CORE_FACTS_MODULEFACTS_H

#include "core/MergeOptions.h"
#include "core/facts/ByteModel.h"
#include "core/facts/ProfileFacts.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace llvm {
class Comdat;
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace lmf {

/// Facts about the module that every plan needs, computed once before
/// anything in the module folds: mergeModule computes them at the start of
/// a run, and both of its stages read them as they were then.
struct ModuleFacts {
  llvm::SmallPtrSet<const llvm::GlobalValue *, 16> Used;
  /// Definitions whose address no input of the link uses (on the link's
  /// list, MergeOptions::LinkAddressFree, and only called in this module):
  /// their address is not significant anywhere, like an unnamed_addr one.
  llvm::SmallPtrSet<const llvm::Function *, 16> LinkAddressFree;
  /// Functions whose address something compares: an `icmp` or a `switch`
  /// in this module reaches it (addressIsCompared), or, for an exported
  /// one, a ThinLTO backend of another module may (LinkAddressInputs). The
  /// comparison may be the compiler's own, an indirect call promoted behind
  /// a test of its target with that target's body inlined after it, so in
  /// every mode such a function keeps an address of its own and no other
  /// function's address becomes its: it folds only as a thunk, or as the
  /// kept member of thunks (IdenticalPlanner.cpp).
  llvm::SmallPtrSet<const llvm::Function *, 16> Compared;
  bool SupportsAliases = true;
  /// ELF comdats of `any` selection that hold exactly one global object.
  /// A weak_odr function alone in such a comdat may still become an alias
  /// (see aliasLeavesNoGroup in IdenticalPlanner.cpp).
  llvm::SmallPtrSet<const llvm::Comdat *, 16> SingleMemberComdats;
  /// The module is built for a shared object (PIC, not PIE): an exported
  /// definition that is not dso_local may be preempted at load time.
  bool SharedObject = false;
  /// What folds cost and save in bytes of the module's target (its
  /// triple, and whether it is built position-independent): the planners'
  /// one byte model (ByteModel.h).
  ByteModel Bytes;
  /// Functions on the program's fast path (ProfileFacts.h): they fold only
  /// where no instruction is added to their calls. Empty unless the run's
  /// hot-function policy and the module's profile make any function hot.
  HotFunctionSet Hot;
  /// Whether LLVM's profile queries may read the module's profile summary:
  /// false when it lacks the cutoffs they look up (profileSummaryProblem in
  /// ProfileFacts.h), and every stage then reads no profile.
  bool ProfileReadable = true;
};

/// A member that a plan leaves as it is, and why.
struct Refusal {
  llvm::Function *Fn = nullptr;
  llvm::StringRef Reason;
  /// Refused by the hot-function policy alone (ProfileFacts.h).
  bool Hot = false;
};

/// What the link's inputs say about function addresses, for a module of a
/// ThinLTO link (MergeOptions has the meaning of each).
struct LinkAddressInputs {
  const llvm::DenseSet<uint64_t> *Free = nullptr;
  const llvm::DenseSet<uint64_t> *Compared = nullptr;
  bool ComparedUnknown = false;
};

ModuleFacts collectModuleFacts(const llvm::Module &M,
                               const LinkAddressInputs &Link = {});

/// The GUID under which F's module summary listed F before the thin link:
/// its own for a symbol that was global, the original local one for a local
/// the thin link promoted (renamed `<name>.llvm.<hash>`).
uint64_t linkGUID(const llvm::Function &F);

/// The one rule for the link's list of address-free functions
/// (MergeOptions::LinkAddressFree): F, exported, is on it and this module
/// only calls it (nothing uses, compares or takes its address). Where the
/// module is read whole, collectModuleFacts applies it to every definition
/// (ModuleFacts::LinkAddressFree); the plan across ThinLTO modules, which
/// reads bodies lazily, applies it to each candidate once read.
bool onLinkAddressFreeList(const llvm::Function &F, const ModuleFacts &Facts,
                           const llvm::DenseSet<uint64_t> &LinkAddressFree);

/// True when a tail-call thunk is smaller than F's body.
bool thunkIsSmaller(const llvm::Function &F);

/// Why G cannot become a thunk of a body with G's type and calling
/// convention, or "" when it can.
llvm::StringRef thunkObstacle(const llvm::Function &G);

/// True when another definition may take F's place, at link time
/// (interposable linkage) or at load time (an exported, preemptible symbol
/// of a shared object, which `LD_PRELOAD` or an earlier library overrides).
bool mayBeReplaced(const llvm::Function &F, const ModuleFacts &Facts);

/// True when a call to F always runs this very body: F's definition is
/// exact and nothing may take its place.
bool bodyIsFinal(const llvm::Function &F, const ModuleFacts &Facts);

/// True when something outside the module may name F's symbol: F is
/// neither local nor linkonce.
bool mustKeepSymbol(const llvm::Function &F);

/// True when F's address is compared (ModuleFacts::Compared).
bool addressCompared(const llvm::Function &F, const ModuleFacts &Facts);

/// What moduleAddressFree says before comparisons count: F is on the
/// link's list, or unnamed_addr (any F in `all` mode), and not in
/// llvm.used.
bool declaredAddressFree(const llvm::Function &F, const ModuleFacts &Facts,
                         MergeMode Mode);

/// No use in this module needs F's address to be distinct: it is declared
/// free, and nothing compares it.
bool moduleAddressFree(const llvm::Function &F, const ModuleFacts &Facts,
                       MergeMode Mode);

/// No one, in this module or outside it, may compare F's address.
bool globalAddressFree(const llvm::Function &F, const ModuleFacts &Facts,
                       MergeMode Mode);

/// True when nothing outside the module needs F's symbol and no use in it
/// needs F's address to be distinct, so F may disappear once its uses are
/// rewritten.
bool mayDisappear(const llvm::Function &F, const ModuleFacts &Facts,
                  MergeMode Mode);

} // namespace lmf

#endif
