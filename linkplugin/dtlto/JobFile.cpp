//===- JobFile.cpp - The job file lld writes for a DTLTO distributor ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld describes a distributed ThinLTO link's backend jobs in a JSON file
// and passes its path to the distributor as the last argument:
//
//   { "common": { "linker_output": "prog",
//                 "args": ["<remote compiler>", "-c", "--target=...", ...],
//                 "inputs": [...] },
//     "jobs": [ { "args": ["a.o", "-fthinlto-index=...", "-o", "a.1.o"],
//                 "inputs": ["a.o", "...thinlto.bc", ...],
//                 "outputs": ["a.1.o"] }, ... ] }
//
// A job runs common.args followed by its own args; a distributor must make
// the inputs available to it and bring the outputs back. Our backend also
// writes a merge report next to the object, which the linker needs after
// the link; declaring it as an output is what makes a build farm return it.
// Files of ours that every backend reads (the link's list of address-free
// functions, contract/LinkAddressList.h) are declared as common inputs, so
// that a build farm ships them. The rest of the file is left exactly as lld
// wrote it.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/dtlto/JobFile.h"

#include "linkplugin/dtlto/ThinBackendJob.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static Error jobFileError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "unexpected DTLTO job file: " + Why);
}

/// The job's module (its first argument) and object (the value of -o).
static Expected<BackendJob> readJob(const json::Object &Job, size_t Index) {
  const json::Array *Args = Job.getArray("args");
  if (!Args || Args->empty())
    return jobFileError("job " + Twine(Index) + " has no args");
  BackendJob Result;
  if (std::optional<StringRef> Module = (*Args)[0].getAsString())
    Result.Module = Module->str();
  for (size_t I = 0; I + 1 < Args->size(); ++I)
    if ((*Args)[I].getAsString() == StringRef("-o"))
      if (std::optional<StringRef> Object = (*Args)[I + 1].getAsString())
        Result.Object = Object->str();
  if (Result.Module.empty() || Result.Object.empty())
    return jobFileError("job " + Twine(Index) +
                        " names no module or no output object (-o)");
  Result.Report = backendReportPath(Result.Object);
  return Result;
}

Expected<JobList> declareMergeFiles(json::Value &JobFile,
                                    ArrayRef<std::string> CommonInputs) {
  json::Object *Root = JobFile.getAsObject();
  json::Object *Common = Root ? Root->getObject("common") : nullptr;
  json::Array *CommonArgs = Common ? Common->getArray("args") : nullptr;
  json::Array *Jobs = Root ? Root->getArray("jobs") : nullptr;
  if (!CommonArgs || CommonArgs->empty() || !Jobs)
    return jobFileError("expected common.args and jobs");
  if (!CommonInputs.empty()) {
    if (!Common->getArray("inputs"))
      (*Common)["inputs"] = json::Array();
    for (const std::string &Input : CommonInputs)
      Common->getArray("inputs")->push_back(Input);
  }
  JobList List;
  if (std::optional<StringRef> Compiler = (*CommonArgs)[0].getAsString())
    List.RemoteCompiler = Compiler->str();
  for (size_t I = 0; I < Jobs->size(); ++I) {
    json::Object *Job = (*Jobs)[I].getAsObject();
    json::Array *Outputs = Job ? Job->getArray("outputs") : nullptr;
    if (!Outputs)
      return jobFileError("job " + Twine(I) + " has no outputs");
    Expected<BackendJob> Read = readJob(*Job, I);
    if (!Read)
      return Read.takeError();
    Outputs->push_back(Read->Report);
    List.Jobs.push_back(std::move(*Read));
  }
  return List;
}

Expected<JobList> declareMergeFiles(StringRef Path,
                                    ArrayRef<std::string> CommonInputs) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return createStringError(Text.getError(), "cannot read '" + Path + "': " +
                                                  Text.getError().message());
  Expected<json::Value> JobFile = json::parse((*Text)->getBuffer());
  if (!JobFile)
    return jobFileError("'" + Path + "': " + toString(JobFile.takeError()));
  Expected<JobList> List = declareMergeFiles(*JobFile, CommonInputs);
  if (!List)
    return List.takeError();
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  OS << formatv("{0:2}", *JobFile) << "\n";
  return List;
}

} // namespace lmf
