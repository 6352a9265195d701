//===- CrossModuleFolding.h - Twins across ThinLTO modules ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_CROSSMODULEFOLDING_H
#define LMF_LINKPLUGIN_DRIVER_CROSSMODULEFOLDING_H

#include "core/MergeOptions.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lmf {

struct LinkInputs;

/// What folding across modules asks of the link.
struct CrossModuleRequest {
  MergeMode Mode = MergeMode::Safe;
  /// The link's address-free functions (LinkAddressScan.h), or null.
  const llvm::DenseSet<uint64_t> *LinkAddressFree = nullptr;
  /// The functions a backend may compare (LinkAddressScan.h), or null.
  const llvm::DenseSet<uint64_t> *LinkCompared = nullptr;
  /// Where the rewritten inputs go: a directory made for this link.
  std::string Directory;
  /// Similar merging as the backends are told: Enabled by
  /// --lto-merge-similar-functions (unset: in the modules that carry a
  /// profile), the rest by the pass's -mllvm options.
  SimilarOptions Similar;
  HotPolicy Hot = MergeOptions().Hot;
};

/// One member of a folded class, for the listing and the report.
struct CrossModuleFoldedMember {
  std::string Module, Name, Action;
};

/// A class folded (identical) or merged (similar) across modules.
struct CrossModuleFoldedClass {
  /// The name of the kept body, a new function.
  std::string KeptBody;
  /// Parameters the shared body takes (similar classes; 0 for identical).
  uint64_t Parameters = 0;
  /// Of those, the ones passed in each member's constant table.
  uint64_t TableParameters = 0;
  uint64_t BodyInstructions = 0;
  int64_t EstimatedBytesSaved = 0;
  std::vector<CrossModuleFoldedMember> Members;
  std::vector<CrossModuleFoldedMember> Refusals; // Action holds the reason.
};

/// A similar class taken out of the plan because its rewrite would have
/// left a symbol undefined (LinkSymbolCheck.h).
struct CrossModuleWithdrawal {
  std::string KeptBody;
  std::string Symbol;
  /// The module whose reference would be left undefined, or empty for an
  /// input that is not rewritten.
  std::string Module;
  std::string Why;

  /// `'<symbol>': <module> <why>`, for the warning and the listing.
  std::string describe() const;
};

/// What folding across modules did.
struct CrossModuleOutcome {
  /// Inputs to hand lld instead of the originals: the index of the
  /// argument in the lld arguments the inputs were read from, and the
  /// rewritten file.
  std::vector<std::pair<unsigned, std::string>> Replacements;
  /// The rewritten files, each with the name of the input it replaces.
  std::vector<std::pair<std::string, std::string>> ModuleNames;
  std::vector<CrossModuleFoldedClass> Classes;
  std::vector<CrossModuleFoldedClass> Similar;
  /// Similar classes the plan had and the rewrite did not make.
  std::vector<CrossModuleWithdrawal> Withdrawn;
  /// Modules read, candidates, classes with twins, functions folded,
  /// functions only weakened.
  uint64_t ModulesRead = 0, Candidates = 0, ClassesWithTwins = 0,
           FunctionsFolded = 0, FunctionsWeakened = 0, SimilarMembers = 0;
  double ReadSeconds = 0, PlanSeconds = 0, RewriteSeconds = 0;
  /// Why no module was rewritten (for -v); empty when some were.
  std::string Skipped;

  /// `selected function <shared body> across modules` /
  /// `  removing identical function <name> in <module> (<action>)`, then
  /// `merged similar functions into <shared body> across modules (...)` /
  /// `  sharing body with similar function <name> in <module> (thunk)`.
  void printListing(llvm::raw_ostream &OS) const;
  /// The `cross_module` object of the report.
  llvm::json::Object toJson() const;
};

/// Plans, over every ThinLTO module of the link that may be rewritten,
/// which twins in different modules share one body, and writes the
/// rewritten modules into Request.Directory. An error means a module could
/// not be read, rewritten or written: the caller then links the original
/// inputs.
llvm::Expected<CrossModuleOutcome>
foldAcrossModules(const LinkInputs &Inputs, const CrossModuleRequest &Request);

/// Why the lld command line rules folding across modules out: outputs
/// other than a program or shared library (-r), symbols renamed by the
/// linker (--wrap, --defsym), distributed builds that need the inputs' own
/// paths (--thinlto-index-only, --thinlto-emit-imports-files); empty when
/// nothing does.
std::string crossModuleObstacle(llvm::ArrayRef<const char *> LldArgs);

} // namespace lmf

#endif
