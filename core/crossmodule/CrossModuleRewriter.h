//===- CrossModuleRewriter.h - Carry out a plan in one module ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_CROSSMODULEREWRITER_H
#define LMF_CORE_CROSSMODULE_CROSSMODULEREWRITER_H

#include "core/crossmodule/CrossModulePlanner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// What one module must do of a plan.
struct CrossModuleWork {
  struct Fold {
    std::string Name;
    const CrossModuleClass *Class = nullptr;
    FoldAction Action = FoldAction::Thunk;
  };
  /// Its folded members, class after class in plan order; within a class
  /// in module order. The first member of each class gives the shared body.
  std::vector<Fold> Folds;
  /// Functions that keep their bodies but take their class's meet.
  std::vector<std::pair<std::string, const CrossModuleClass *>> Weakened;
  /// Its members of similar classes, class after class in plan order;
  /// within a class in module order.
  struct SimilarMerge {
    const CrossModuleSimilarClass *Class = nullptr;
    std::vector<std::string> Names;
  };
  std::vector<SimilarMerge> Similar;
  /// For each class with a member here: the names of its members, in
  /// every module, whose calls reach the shared body directly (erased and
  /// callers-redirected ones), recorded on the shared body for the backend
  /// that keeps it (MemberSymbols.h).
  std::map<const CrossModuleClass *, std::vector<std::string>> MovedMembers;

  bool empty() const {
    return Folds.empty() && Weakened.empty() && Similar.empty();
  }
};

/// Each module's part of Plan (index = module ordinal), for Modules, the
/// candidates the plan was made from.
std::vector<CrossModuleWork>
workPerModule(const CrossModulePlan &Plan,
              llvm::ArrayRef<ModuleCandidates> Modules);

/// Carries out in M (fully loaded; the module the candidates of ordinal
/// Ordinal came from) its Work and the plan's replaced names and redirected
/// calls. An error means M does not match the plan; M is then in an
/// unspecified state and must not be used.
llvm::Error rewriteForCrossModulePlan(llvm::Module &M,
                                      const CrossModuleWork &Work,
                                      const CrossModulePlan &Plan,
                                      uint32_t Ordinal);

} // namespace lmf

#endif
