//===- MergeActions.cpp - Names of the merge actions ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What became of each merged function is part of a run's result
// (MergeResult.h), and people and tools read it by name: the listing and the
// remarks print it, the JSON report writes it, and a distributed ThinLTO
// link reads it back from its backends' reports. Each kind of action has one
// table of names here, which both the printing and the reading walk, so a
// name cannot be printed one way and parsed another. The planners and
// rewriters decide and carry out the actions; they own none of the names.
//
//===----------------------------------------------------------------------===//

#include "core/MergeActions.h"

#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace lmf {
namespace {

template <typename Action> struct ActionName {
  Action Value;
  StringLiteral Name;
};

constexpr ActionName<FoldAction> FoldActions[] = {
    {FoldAction::Erased, "erased"},
    {FoldAction::Alias, "alias"},
    {FoldAction::Thunk, "thunk"},
    {FoldAction::CallersRedirected, "callers-redirected"},
};

constexpr ActionName<MergeAction> MergeActions[] = {
    {MergeAction::Thunk, "thunk"},
    {MergeAction::CallsRewritten, "calls-rewritten"},
};

template <typename Action, size_t N>
StringLiteral nameIn(const ActionName<Action> (&Table)[N], Action A) {
  for (const ActionName<Action> &Row : Table)
    if (Row.Value == A)
      return Row.Name;
  llvm_unreachable("every action has a name");
}

template <typename Action, size_t N>
bool parseIn(const ActionName<Action> (&Table)[N], const json::Value &V,
             Action &A, json::Path P, StringLiteral Expected) {
  if (std::optional<StringRef> Name = V.getAsString())
    for (const ActionName<Action> &Row : Table)
      if (*Name == Row.Name) {
        A = Row.Value;
        return true;
      }
  P.report(Expected);
  return false;
}

} // namespace

StringLiteral foldActionName(FoldAction Action) {
  return nameIn(FoldActions, Action);
}

StringLiteral mergeActionName(MergeAction Action) {
  return nameIn(MergeActions, Action);
}

bool fromJSON(const json::Value &V, FoldAction &Action, json::Path P) {
  return parseIn(FoldActions, V, Action, P, "expected a fold action");
}

bool fromJSON(const json::Value &V, MergeAction &Action, json::Path P) {
  return parseIn(MergeActions, V, Action, P,
                 "expected a similar-merge action");
}

} // namespace lmf
