//===- MergeRequest.h - Our options on the linker command line --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_MERGEREQUEST_H
#define LMF_LINKPLUGIN_DRIVER_MERGEREQUEST_H

#include "core/MergeOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace lmf {

struct OptionRow;

/// lld's options for distributed ThinLTO (DTLTO), which change meaning when
/// we merge: the backends must then run our remote backend, and their
/// reports come back through our distributor wrapper (DistributedBackends.h).
struct DistributionOptions {
  /// The last --thinlto-distributor=; empty: backends run in process.
  std::string Distributor;
  /// Every --thinlto-distributor-arg=, in order.
  std::vector<std::string> DistributorArgs;
  /// The last --thinlto-remote-compiler=; empty when not given.
  std::string RemoteCompiler;

  bool distributes() const { return !Distributor.empty(); }
};

/// What the command line asks of the merger, and what lld gets.
struct MergeRequest {
  /// The last of --lto-merge-functions[=mode] / --no-lto-merge-functions.
  bool Enabled = false;
  MergeMode Mode = MergeMode::Safe;
  /// The merge pass's options (core's option table, OptionRow.h) as this
  /// link gives them to the pass and to the step before a ThinLTO link
  /// alike: the last -mllvm (or --plugin-opt=-) of each row, read here
  /// once, then our linker switches, which win wherever they stand
  /// (--lto-merge-similar-functions and --lto-merge-aligned-functions, their
  /// negations), then --lto-smallest-binary's parts that no option set.
  /// Unset switches leave the pass to decide (similarMergingOn,
  /// alignedMergingOn). Only Pass's rows are read from it: the mode and the
  /// hot-function policy are Mode and Hot.
  MergeOptions Pass;
  /// The last of each stage's pair of linker switches (on or off), by the
  /// stage's switch row (OptionRow::Linker); a stage is not here when
  /// neither of its pair was given.
  llvm::DenseMap<const OptionRow *, bool> StageSwitches;
  /// The last of --lto-merge-functions-across-modules /
  /// --no-lto-merge-functions-across-modules.
  bool AcrossModules = true;
  /// The last --lto-merge-functions-hot-policy=.
  HotPolicy Hot = MergeOptions().Hot;
  /// --lto-smallest-binary: merging with similar and aligned functions
  /// unless the command line says otherwise, and the merge pass keeps the
  /// MachineOutliner off hot code. What it adds to lld's command line (the
  /// outliner, --icf=safe) is already in LldArgs.
  bool Smallest = false;
  /// --lto-smallest-binary without a `codegen-data-` LLVM option, without
  /// DTLTO, --icf=none or -r: two code generation rounds where the link has
  /// two ThinLTO modules or more (linkWithMerging).
  bool TwoCodegenRounds = false;
  /// --lto-merge-functions-report; empty when not given.
  std::string ReportPath;
  /// --print-merged-functions.
  bool Print = false;

  /// lld options we look at but leave to lld.
  bool Help = false;           // --help
  bool VersionAndExit = false; // --version
  bool Verbose = false;        // -v, -V
  std::string Threads;         // --threads (empty: not given)
  bool FatalWarnings = false;  // --[no-]fatal-warnings, cancelled by -w
  bool NoWarnings = false;     // --no-warnings, -w
  std::string OutputPath = "a.out";
  DistributionOptions Distribution;

  /// Every argument that is not ours, in order: what lld gets.
  std::vector<const char *> LldArgs;
  /// LldArgs without the DistributionOptions: what lld gets when we merge
  /// and stand in for the distributor.
  std::vector<const char *> LldArgsWithoutDistribution;
};

/// Where the merge pass runs: inside lld (its report and listing are
/// written there) or in a distributed backend (whose reports come back
/// through our distributor wrapper instead).
enum class PassPlace { InProcess, DistributedBackend };

/// The merge pass's own options for Req, without their leading dash and
/// without the `-mllvm` that carries each one: the one translation of a
/// merge request into pass options, each row as optionSpelling writes it
/// where Req.Pass differs from the default. LinkAddressList names the link's
/// list of address-free functions; empty when there is none.
std::vector<std::string> mergePassOptions(const MergeRequest &Req,
                                          llvm::StringRef LinkAddressList,
                                          PassPlace Place);

/// The warnings for our options that do nothing because merging is off
/// (similar merging, the report, the listing), one message each; none when
/// merging is on.
std::vector<std::string> idleOptionWarnings(const MergeRequest &Req);

/// Splits Args (response files already expanded, without argv[0]) into our
/// options and lld's. Bad values of our options are errors, joined so that
/// all of them are reported at once.
llvm::Expected<MergeRequest>
parseMergeRequest(llvm::ArrayRef<const char *> Args);

} // namespace lmf

#endif
