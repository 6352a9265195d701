//===- MergeActions.h - How each merged function ends up --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The words of core/, one per idea, as the code uses them:
//
//  - class: functions found equal, by the identical stage (equal encodings
//    once references to other candidates stand for their classes) or by
//    the similar stage (equal but for the constants at parameter positions),
//    in one module or across the modules of a ThinLTO link; the aligned
//    stage's classes are pairs whose instructions align well enough to
//    share a body;
//  - member: a function of a class;
//  - kept body: the one body a class keeps; `KeptBody` names the function
//    that holds it afterwards: the kept member itself, a private copy of it,
//    or a new function (the shared body of a similar class, the merged body
//    of an aligned pair, or the body of a class across modules);
//  - kept member: the member whose body becomes the kept body;
//  - fold: what the identical stage does to a member, erase it, make it an
//    alias or a thunk of the kept body (FoldAction);
//  - merge: what the similar and the aligned stage do to a member, make it
//    a thunk of the kept body that passes its values (a similar class's
//    constants, an aligned pair's identifier), or rewrite its calls to do
//    so (MergeAction);
//  - refusal: a member a plan leaves out of its class, with the reason;
//  - twins: two members of one identical class (an argument-free twin: a
//    member whose body reads none of its arguments, ArgumentFreeBodies.h);
//  - group: the result's record of one merged class (FoldGroup,
//    SimilarGroup, AlignedGroup in MergeResult.h; the report's "groups" and
//    "classes"), not a second kind of class;
//  - shared body: only the kept body of a similar class or of a class
//    across ThinLTO modules, which every member's code now runs; an aligned
//    pair's is its merged body;
//  - stage: one of mergeModule's merging steps (MergeStage.h), a folder of
//    core/ each: identical, similar, aligned.
//
// The user-visible names (the listing, the report's keys, the remarks, the
// options) are older than some of these words and stay as they are: the
// report calls the kept member "survivor" (identical) and "source"
// (similar), the kept body "body".
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGEACTIONS_H
#define LMF_CORE_MERGEACTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace lmf {

/// How a member G folds, in one module or across modules (where it is
/// never an alias, and an exported G that is erased is gone from every
/// module of the link).
enum class FoldAction {
  /// Every use of G now refers to the kept body; G is gone.
  Erased,
  /// Every use of G now refers to the kept body; G is an alias of it.
  Alias,
  /// G's body is a tail call to the kept body; its uses are unchanged.
  Thunk,
  /// G's body is a tail call to the kept body and its callers (or all its
  /// in-module uses, see IdenticalMemberPlan::ReplaceAllUses) call the
  /// kept body directly.
  CallersRedirected,
};

/// How a member of a similar class or an aligned pair merges: the kept
/// body takes more than the member's arguments (the class's constants, the
/// pair's identifier), which the member passes (core/rewrite).
enum class MergeAction {
  /// Its body is a tail call to the kept body with its values.
  Thunk,
  /// Its direct calls call the kept body with its values; it is gone.
  CallsRewritten,
};

/// The action's name in the listing (`--print-merged-functions`), the
/// remarks and the report, where the fold names also key the counts of
/// folds_by_action.
llvm::StringLiteral foldActionName(FoldAction Action);
llvm::StringLiteral mergeActionName(MergeAction Action);

/// Read an action back from its name in a report (llvm::json::ObjectMapper
/// finds them by argument-dependent lookup).
bool fromJSON(const llvm::json::Value &V, FoldAction &Action,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, MergeAction &Action,
              llvm::json::Path P);

} // namespace lmf

#endif
