//===- BackendResults.cpp - What the ThinLTO backends merged --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// In a ThinLTO link every module is optimized by its own backend, and the
// linker runs several backends at once (--thinlto-jobs). Each backend merges
// its module as a full-LTO link merges its one module, and each result is
// deterministic; but the order in which the backends finish is thread
// timing. So a backend does not print its listing or write a report: it
// hands its result here, and when the link is over the results are printed
// and written together, ordered by module identifier (the input file, or
// archive and member, the module came from). The same inputs then give the
// same listing and report for any number of backend jobs. In a link that
// also has a regular (full) LTO module, that module's folds are printed and
// reported when it is merged, as in any full-LTO link; the report written
// at the end then covers it as well.
//
// The link is over when our ld.lld says so (lto_merge_functions_finish, after
// lld returns) or, with a stock linker that loaded the plugin, when LLVM
// shuts down: lld calls llvm_shutdown before it exits, even on its fast
// `_exit` path, and that destroys the ManagedStatic below.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/BackendResults.h"

#include "core/MergeReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <vector>

using namespace llvm;

namespace lmf {
namespace {

struct PendingResults {
  std::mutex Lock;
  /// The backends' results, not yet printed or reported.
  std::vector<MergeResult> Results;
  /// The regular LTO module's, already printed and reported on its own.
  std::vector<MergeResult> Regular;
  /// What the flush at shutdown prints and writes; set by the first record.
  bool Print = false;
  std::string ReportPath;
  ~PendingResults();
};

ManagedStatic<PendingResults> Pending;

void sortByModule(std::vector<MergeResult> &Results) {
  llvm::stable_sort(Results, [](const MergeResult &L, const MergeResult &R) {
    return L.ModuleName < R.ModuleName;
  });
}

/// Prints the backends' folds and writes the report of every module, the
/// regular one included, all in module order; then forgets them.
Error flush(PendingResults &P) {
  std::vector<MergeResult> Backends, All;
  {
    std::lock_guard<std::mutex> Guard(P.Lock);
    Backends.swap(P.Results);
    All.swap(P.Regular);
  }
  if (Backends.empty())
    return Error::success();
  sortByModule(Backends);
  if (P.Print) {
    for (const MergeResult &R : Backends)
      printListing(R, outs());
    outs().flush();
  }
  if (P.ReportPath.empty())
    return Error::success();
  All.insert(All.end(), std::make_move_iterator(Backends.begin()),
             std::make_move_iterator(Backends.end()));
  sortByModule(All);
  return writeJsonFile(backendReportsToJson(All), P.ReportPath);
}

PendingResults::~PendingResults() {
  if (Error E = flush(*this))
    errs() << "lto-merge-functions: " << toString(std::move(E)) << "\n";
}

} // namespace

void recordBackendResult(MergeResult Result, bool Print, StringRef ReportPath) {
  std::lock_guard<std::mutex> Guard(Pending->Lock);
  Pending->Print = Print;
  Pending->ReportPath = ReportPath.str();
  Pending->Results.push_back(std::move(Result));
}

void recordRegularResult(const MergeResult &Result) {
  std::lock_guard<std::mutex> Guard(Pending->Lock);
  Pending->Regular.push_back(Result);
}

Error flushBackendResults() { return flush(*Pending); }

} // namespace lmf
