//===- CrossModulePlanner.h - Twins across a ThinLTO link -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_CROSSMODULEPLANNER_H
#define LMF_CORE_CROSSMODULE_CROSSMODULEPLANNER_H

#include "core/MergeActions.h"
#include "core/MergeOptions.h"
#include "core/crossmodule/CrossModuleAnnotations.h"
#include "core/crossmodule/CrossModuleCandidates.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lmf {

/// What the whole link says about symbol names, for the planner.
struct CrossModuleLinkFacts {
  /// The names (GlobalValue::getGUIDAssumingExternalLinkage) that an input
  /// we do not rewrite defines or refers to, or that the command line or
  /// the kind of output keeps. Null when the link could not be judged:
  /// then no exported function disappears.
  const llvm::DenseSet<uint64_t> *NamesUsedOutside = nullptr;
  /// For each exported function name (by GUID), the modules we rewrite
  /// that define it, in increasing order.
  const llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 2>> *DefinedIn =
      nullptr;
};

/// A function of the plan: Module's Candidate-th candidate.
struct CrossModuleRef {
  uint32_t Module = 0;
  uint32_t Candidate = 0;
  bool operator<(const CrossModuleRef &R) const {
    return std::tie(Module, Candidate) < std::tie(R.Module, R.Candidate);
  }
  bool operator==(const CrossModuleRef &R) const {
    return Module == R.Module && Candidate == R.Candidate;
  }
};

/// A member that folds, and how (FoldAction, MergeActions.h: never an
/// alias across modules; Erased means gone from every module of the link
/// for an exported function, and CallersRedirected redirects the calls of
/// every rewritten module to it).
struct CrossModuleMember {
  CrossModuleRef Ref;
  FoldAction Action = FoldAction::Thunk;
};

struct CrossModuleRefusal {
  CrossModuleRef Ref;
  std::string Reason;
};

/// One class of twins with members in several modules.
struct CrossModuleClass {
  /// When the class folds (foldsAnything), every module with a member that
  /// folds defines the kept body, a new function, linkonce_odr and hidden,
  /// under this name (MergeNames.h). Otherwise the class is only
  /// weakened (see Weakened).
  std::string KeptBody;
  /// Its members' bodies read no argument (ArgumentFreeBodies.h): the
  /// shared body takes no parameters, whatever the members' lists.
  bool ArgumentFree = false;
  /// The members that fold, in module order; empty when the class is only
  /// weakened.
  std::vector<CrossModuleMember> Members;
  /// Members that keep their body but take the meet: refused members, and
  /// every member of a class that a folded class refers to by class (a
  /// shared body may now call it with another module's arguments).
  std::vector<CrossModuleRef> Weakened;
  std::vector<CrossModuleRefusal> Refusals;
  /// What holds for every member (meetOfFacts).
  AnnotationFacts Meet;
  uint32_t BodyInstructions = 0;
  int64_t EstimatedBytesSaved = 0;

  bool foldsAnything() const { return !Members.empty(); }
};

/// One class of similar functions (equal but for constants at parameter
/// positions) with members in several modules: every module with a member
/// defines the shared body, which takes the constants as parameters, and
/// every member becomes a thunk that passes its own.
struct CrossModuleSimilarClass {
  /// The name of the kept body, a new function (MergeNames.h).
  std::string KeptBody;
  /// In module order; the first member of each module gives that module's
  /// copy of the shared body.
  std::vector<CrossModuleRef> Members;
  /// For each added parameter, in order, the positions (indices into each
  /// member's CrossModuleCandidate::Positions) it stands for.
  std::vector<std::vector<unsigned>> Parameters;
  /// For each parameter: it travels in each member's constant table
  /// (ConstantTables.h) instead of a register of its own.
  std::vector<bool> InTable;
  /// The hash of the members' similar skeleton, checked again when the
  /// module is rewritten.
  uint64_t SkeletonHash = 0;
  std::vector<CrossModuleRefusal> Refusals;
  AnnotationFacts Meet;
  uint32_t BodyInstructions = 0;
  int64_t EstimatedBytesSaved = 0;
};

struct CrossModuleStats {
  uint64_t Candidates = 0;
  uint64_t ClassesWithTwins = 0;
  uint64_t RefinementIterations = 0;
};

struct CrossModulePlan {
  std::vector<CrossModuleClass> Classes;
  /// Exported names that disappear from the link: every rewritten module
  /// that mentions one refers to the shared body instead.
  llvm::StringMap<std::string> ReplacedNames;
  /// Exported names that stay as thunks: direct calls to them, in every
  /// rewritten module, call the shared body instead.
  llvm::StringMap<std::string> RedirectedCalls;
  /// The shared names of the folded classes that are ArgumentFree: every
  /// module declares them with no parameters and calls them with none.
  llvm::StringSet<> ArgumentFreeBodies;
  std::vector<CrossModuleSimilarClass> SimilarClasses;
  /// The similar switches the candidates were encoded and planned with; the
  /// rewriter encodes the members again with the same kinds of positions.
  SimilarOptions Similar;
  CrossModuleStats Stats;
};

/// Finds the classes of twins among Modules' candidates (index = module
/// ordinal), by partition refinement over all of them, and decides how each
/// member folds; with Similar (the switches the candidates were collected
/// with, CrossModuleCollectOptions), plans classes of similar functions
/// too. Deterministic: the plan depends only on the candidates, the facts
/// and the switches, in module order.
CrossModulePlan
planCrossModuleFolds(llvm::ArrayRef<ModuleCandidates> Modules,
                     const CrossModuleLinkFacts &Facts,
                     const SimilarOptions &Similar = SimilarOptions{false});

} // namespace lmf

#endif
