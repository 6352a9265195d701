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
// Before the link, our ld.lld may rewrite some inputs (folding across
// modules, CrossModuleFolding.cpp); backends then see the rewritten files.
// It hands over the names of the inputs they stand for, and results are
// recorded under those, so the listing and the report name what the user
// linked; and the report gains what folding across modules did.
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
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
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
  /// From setLinkFacts: rewritten modules' input names, and the report's
  /// `cross_module` object (null when absent).
  StringMap<std::string> ModuleNames;
  json::Value CrossModule = nullptr;
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
  StringMap<std::string> Names;
  json::Value CrossModule = nullptr;
  {
    std::lock_guard<std::mutex> Guard(P.Lock);
    Backends.swap(P.Results);
    All.swap(P.Regular);
    Names.swap(P.ModuleNames);
    std::swap(CrossModule, P.CrossModule);
  }
  if (Backends.empty())
    return Error::success();
  for (MergeResult &R : Backends)
    if (auto It = Names.find(R.ModuleName); It != Names.end())
      R.ModuleName = It->second;
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
  json::Value Report = backendReportsToJson(All);
  if (CrossModule.kind() != json::Value::Null)
    (*Report.getAsObject())["cross_module"] = std::move(CrossModule);
  return writeJsonFile(std::move(Report), P.ReportPath);
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

Error setLinkFacts(StringRef Json) {
  Expected<json::Value> Facts = json::parse(Json);
  if (!Facts)
    return Facts.takeError();
  const json::Object *Object = Facts->getAsObject();
  if (!Object)
    return createStringError(inconvertibleErrorCode(),
                             "the link's facts are not a JSON object");
  StringMap<std::string> Names;
  if (const json::Object *N = Object->getObject("module_names"))
    for (const auto &[Id, Name] : *N)
      if (std::optional<StringRef> S = Name.getAsString())
        Names[Id.str()] = S->str();
  std::lock_guard<std::mutex> Guard(Pending->Lock);
  Pending->ModuleNames = std::move(Names);
  if (const json::Value *CM = Object->get("cross_module"))
    Pending->CrossModule = *CM;
  return Error::success();
}

Error flushBackendResults() { return flush(*Pending); }

} // namespace lmf
