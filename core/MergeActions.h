//===- MergeActions.h - How each merged function ends up --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGEACTIONS_H
#define LMF_CORE_MERGEACTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace lmf {

/// How a function G folded by the identical stage ends up.
enum class FoldAction {
  /// Every use of G now refers to the survivor; G is gone.
  Erased,
  /// Every use of G now refers to the survivor; G is an alias of it.
  Alias,
  /// G's body is a tail call to the survivor; its uses are unchanged.
  Thunk,
  /// G's body is a tail call to the survivor and its callers (or all its
  /// in-module uses, see IdenticalMemberPlan::ReplaceAllUses) call the
  /// survivor directly.
  CallersRedirected,
};

/// How a member of a class merged by the similar stage ends up.
enum class SimilarAction {
  /// Its body is a tail call to the shared body with its constants.
  Thunk,
  /// Its direct calls call the shared body with its constants; it is gone.
  CallsRewritten,
};

/// The action's name in the listing (`--print-merged-functions`), the
/// remarks and the report, where the fold names also key the counts of
/// folds_by_action.
llvm::StringLiteral foldActionName(FoldAction Action);
llvm::StringLiteral similarActionName(SimilarAction Action);

/// Read an action back from its name in a report (llvm::json::ObjectMapper
/// finds them by argument-dependent lookup).
bool fromJSON(const llvm::json::Value &V, FoldAction &Action,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, SimilarAction &Action,
              llvm::json::Path P);

} // namespace lmf

#endif
