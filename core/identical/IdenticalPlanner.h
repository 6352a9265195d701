//===- IdenticalPlanner.h - Plan one class of equal functions ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_IDENTICAL_IDENTICALPLANNER_H
#define LMF_CORE_IDENTICAL_IDENTICALPLANNER_H

#include "core/MergeActions.h"
#include "core/MergeOptions.h"
#include "core/facts/ModuleFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// How one member G of a class of equal functions folds.
struct IdenticalMemberPlan {
  llvm::Function *Fn = nullptr;
  FoldAction Action = FoldAction::Thunk;
  /// For CallersRedirected: G's address is insignificant inside the module,
  /// so every use is replaced, not only direct calls.
  bool ReplaceAllUses = false;
  /// G would have become an alias or disappeared, but its address or the
  /// kept body's is compared (ModuleFacts::Compared), so it keeps its own.
  bool AddressCompared = false;
};

/// Why a member whose address, or the kept member's, is compared stays out
/// of its class: it may fold only as a thunk, and cannot be one.
inline constexpr llvm::StringLiteral AddressComparedRefusal =
    "address compared (a promoted indirect call or a comparison tests it): "
    "it keeps an address of its own, and a thunk cannot keep it";

/// What the identical stage does with one class of equal functions.
struct IdenticalPlan {
  /// The member whose body the class keeps.
  llvm::Function *KeptMember = nullptr;
  /// The kept member's body may be replaced at link or load time (weak,
  /// linkonce, *_odr): it moves into a new internal function first, and the
  /// kept member is folded into that copy like any member (KeptMemberFold).
  bool NeedsPrivateBody = false;
  IdenticalMemberPlan KeptMemberFold;
  /// Every member but the kept one that folds, in module order.
  llvm::SmallVector<IdenticalMemberPlan, 4> Members;
  llvm::SmallVector<Refusal, 2> Refusals;
  /// What the hot members refused by the hot-function policy would have
  /// saved as thunks (the byte model's estimate).
  int64_t HotKeptBytes = 0;

  bool foldsAnything() const { return !Members.empty(); }
};

/// Plans a class of functions that compare equal, given in module order.
IdenticalPlan planIdenticalClass(llvm::ArrayRef<llvm::Function *> Members,
                                 const ModuleFacts &Facts, MergeMode Mode);

} // namespace lmf

#endif
