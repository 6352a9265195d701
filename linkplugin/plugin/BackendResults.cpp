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
// Backends do not always see a module under the name the user gave it:
// before the link our ld.lld may rewrite some inputs (folding across
// modules, CrossModuleFolding.cpp), and a distributed (DTLTO) backend
// compiles an archive member from a file of its own. The driver hands over
// the names of the inputs these stand for, and results are listed,
// reported and ordered under those, the same in process and distributed;
// and the report gains what folding across modules did.
//
// When lld runs the same link more than once in our process (LLD_IN_TEST),
// our ld.lld says so before each run (lto_merge_functions_begin_lld_run) and
// the results of the run before are forgotten: only the last run's count.
//
// The link is over when our ld.lld says so (lto_merge_functions_finish, after
// lld returns) or, with a stock linker that loaded the plugin, when LLVM
// shuts down: lld calls llvm_shutdown before it exits, even on its fast
// `_exit` path, and that destroys the ManagedStatic below.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/plugin/BackendResults.h"

#include "core/MergeReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Path.h"
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
  /// From setLinkFacts: rewritten modules' input names; archive members'
  /// names by what distributed backends call them (an empty name where two
  /// members would be called alike); and the report's `cross_module`
  /// object (null when absent).
  StringMap<std::string> ModuleNames;
  StringMap<std::string> DistributedNames;
  json::Value CrossModule = nullptr;
  ~PendingResults();
};

ManagedStatic<PendingResults> Pending;

/// What the user linked that module Id stands for: the input a rewritten
/// module replaces, or the archive member a distributed backend compiled
/// from a file of its own (LinkInputs.h, InputModule::DistributedName);
/// else Id itself.
std::string linkedName(StringRef Id, const StringMap<std::string> &Rewritten,
                       const StringMap<std::string> &Distributed) {
  if (auto It = Rewritten.find(Id); It != Rewritten.end())
    return It->second;
  if (auto It = Distributed.find(Id); It != Distributed.end())
    return It->second.empty() ? Id.str() : It->second;
  // A member of a regular archive: <name>.<sequence>.<process id in hex>.o.
  StringRef Stem = sys::path::filename(Id);
  if (!Stem.consume_back(".o"))
    return Id.str();
  auto [Rest, Pid] = Stem.rsplit('.');
  auto [Name, Sequence] = Rest.rsplit('.');
  if (Pid.empty() || !all_of(Pid, isHexDigit) || Sequence.empty() ||
      !all_of(Sequence, isDigit))
    return Id.str();
  auto It = Distributed.find(Name);
  if (It == Distributed.end() || It->second.empty())
    return Id.str();
  return It->second;
}

void sortByModule(std::vector<MergeResult> &Results) {
  llvm::stable_sort(Results, [](const MergeResult &L, const MergeResult &R) {
    return L.ModuleName < R.ModuleName;
  });
}

/// Prints the backends' folds and writes the report of every module, the
/// regular one included, all in module order; then forgets them.
Error flush(PendingResults &P) {
  std::vector<MergeResult> Backends, All;
  StringMap<std::string> Names, Distributed;
  json::Value CrossModule = nullptr;
  {
    std::lock_guard<std::mutex> Guard(P.Lock);
    Backends.swap(P.Results);
    All.swap(P.Regular);
    Names.swap(P.ModuleNames);
    Distributed.swap(P.DistributedNames);
    std::swap(CrossModule, P.CrossModule);
  }
  if (Backends.empty())
    return Error::success();
  for (MergeResult &R : Backends)
    R.ModuleName = linkedName(R.ModuleName, Names, Distributed);
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

void discardBackendResults() {
  std::lock_guard<std::mutex> Guard(Pending->Lock);
  Pending->Results.clear();
  Pending->Regular.clear();
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
  StringMap<std::string> Names, Distributed;
  if (const json::Object *N = Object->getObject("module_names"))
    for (const auto &[Id, Name] : *N)
      if (std::optional<StringRef> S = Name.getAsString())
        Names[Id.str()] = S->str();
  if (const json::Object *N = Object->getObject("distributed_names"))
    for (const auto &[Id, Name] : *N)
      if (std::optional<StringRef> S = Name.getAsString())
        Distributed[Id.str()] = S->str();
  std::lock_guard<std::mutex> Guard(Pending->Lock);
  Pending->ModuleNames = std::move(Names);
  Pending->DistributedNames = std::move(Distributed);
  if (const json::Value *CM = Object->get("cross_module"))
    Pending->CrossModule = *CM;
  return Error::success();
}

Error flushBackendResults() { return flush(*Pending); }

} // namespace lmf
