//===- SpeedBench.cpp - Time ours against LLVM's MergeFunctions -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lmf-speedbench reads each input module once and, in one process, runs the
// contenders (Contenders.h) on fresh copies, in rounds: every round runs
// each contender once, in an order that rotates from round to round, so
// that a noisy neighbour or a warming cache hurts all of them alike. It
// prints and writes (--json) per module:
//
//   - the median wall time of each contender and every sample;
//   - the functions each one folded, counted the same way for both mergers
//     (FoldCensus.h), and ours' own count from its result;
//   - the functions MergeFunctions folded that ours left alone (target: 0);
//   - the ratios ours/MergeFunctions and walk/MergeFunctions;
//   - ours' phase times (median), from its result.
//
// Folds are counted on the first round only, outside the timed region.
//
// Each copy is parsed anew from the input's bytes, as the linker's LTO
// module is built by the bitcode reader: a function's blocks and
// instructions then lie together in memory. A CloneModule copy allocates
// them interleaved, which made every walk over blocks slower (gmock_all_test:
// our candidate collection took 43 ms on a clone, 1 ms on a parsed module).
//
//===----------------------------------------------------------------------===//

#include "bench/speed/Contenders.h"
#include "bench/speed/FoldCensus.h"
#include "bench/speed/MemoryProbe.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <thread>

using namespace llvm;
using namespace lmf;
using namespace lmf::bench;

static cl::OptionCategory BenchCat("lmf-speedbench options");
static cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<module.bc|module.ll>..."),
                                    cl::cat(BenchCat));
static cl::opt<unsigned> Reps("reps", cl::init(5),
                              cl::desc("rounds (each runs every contender)"),
                              cl::cat(BenchCat));
static cl::opt<unsigned>
    Threads("parallel-threads", cl::init(0),
            cl::desc("threads of the parallel run (0: all hardware threads)"),
            cl::cat(BenchCat));
static cl::opt<std::string> Mode("mode", cl::init("safe"),
                                 cl::desc("merge mode of ours: safe or all"),
                                 cl::cat(BenchCat));
static cl::opt<std::string> JsonOut("json", cl::desc("write results as JSON"),
                                    cl::value_desc("file"), cl::cat(BenchCat));
static cl::opt<std::string>
    Only("contenders", cl::init("walk,ours_1,ours_N,mergefunctions"),
         cl::desc("comma-separated subset of walk, ours_1, ours_N, "
                  "mergefunctions (for profiling one of them)"),
         cl::cat(BenchCat));
static cl::opt<bool> DiscardValueNames(
    "discard-value-names", cl::init(true),
    cl::desc("parse modules without local value names, as lld's LTO does "
             "(default); =false keeps them, as opt does"),
    cl::cat(BenchCat));
static cl::opt<bool>
    MeasureMemory("memory",
                  cl::desc("instead of timing, measure the peak resident "
                           "memory one contender adds to one module (run "
                           "once per contender: a fresh process each)"),
                  cl::cat(BenchCat));
static cl::opt<bool> VerifyOutput("verify-output",
                                  cl::desc("verify each merged module once"),
                                  cl::cat(BenchCat));

namespace {

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

struct ContenderSamples {
  std::vector<double> Seconds;
  std::vector<PhaseTimes> Phases;
  std::vector<std::string> Folded;
  uint64_t OwnCount = 0;
  StringSet<> Survivors;
};

struct ModuleResult {
  std::string Path;
  uint64_t Definitions = 0, Instructions = 0;
  std::map<std::string, ContenderSamples> ByName;
  std::vector<std::string> Missed;
  bool Failed = false;
};

/// Runs one contender on a fresh copy; on the first round, also counts folds.
bool runOnce(Contender &C, MemoryBufferRef Bytes, LLVMContext &Ctx,
             const Census &Before, bool First, ContenderSamples &S) {
  SMDiagnostic Err;
  std::unique_ptr<Module> Copy = parseIR(Bytes, Err, Ctx);
  if (!Copy) {
    Err.print("lmf-speedbench", errs());
    return false;
  }
  RunOutcome Out = runContender(C, *Copy);
  if (!Out.Error.empty()) {
    errs() << "lmf-speedbench: " << C.Name << " failed: " << Out.Error << "\n";
    return false;
  }
  S.Seconds.push_back(Out.Seconds);
  if (Out.Result)
    S.Phases.push_back(Out.Result->Times);
  if (!First || C.Kind == ContenderKind::Walk)
    return true;
  S.Folded = foldedSince(Before, *Copy);
  if (Out.Result) {
    S.OwnCount = Out.Result->Stats.Folded;
    for (const FoldGroup &G : Out.Result->Groups)
      S.Survivors.insert(G.KeptMember);
  }
  if (VerifyOutput && verifyModule(*Copy, &errs())) {
    errs() << "lmf-speedbench: " << C.Name << " produced an invalid module\n";
    return false;
  }
  return true;
}

/// The functions MergeFunctions folded that ours neither folded nor kept as
/// the survivor of a class.
std::vector<std::string> missedFolds(const ContenderSamples &MF,
                                     const ContenderSamples &Ours) {
  StringSet<> Touched = Ours.Survivors;
  for (const std::string &Name : Ours.Folded)
    Touched.insert(Name);
  std::vector<std::string> Missed;
  for (const std::string &Name : MF.Folded)
    if (!Touched.contains(Name))
      Missed.push_back(Name);
  return Missed;
}

ModuleResult benchModule(const std::string &Path,
                         std::vector<Contender> &Contenders) {
  ModuleResult R;
  R.Path = Path;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes = MemoryBuffer::getFile(Path);
  if (!Bytes) {
    errs() << "lmf-speedbench: cannot read " << Path << ": "
           << Bytes.getError().message() << "\n";
    R.Failed = true;
    return R;
  }
  LLVMContext Ctx;
  Ctx.setDiscardValueNames(DiscardValueNames);
  SMDiagnostic Err;
  std::unique_ptr<Module> Master = parseIR(**Bytes, Err, Ctx);
  if (!Master) {
    Err.print("lmf-speedbench", errs());
    R.Failed = true;
    return R;
  }
  Census Before = takeCensus(*Master);
  R.Definitions = Before.IsThunk.size();
  R.Instructions = Before.Instructions;
  for (unsigned Round = 0; Round < Reps && !R.Failed; ++Round)
    for (size_t K = 0; K < Contenders.size(); ++K) {
      Contender &C = Contenders[(K + Round) % Contenders.size()];
      if (!runOnce(C, **Bytes, Ctx, Before, Round == 0, R.ByName[C.Name])) {
        R.Failed = true;
        break;
      }
    }
  if (!R.Failed && R.ByName.count("mergefunctions") && R.ByName.count("ours_1"))
    R.Missed = missedFolds(R.ByName["mergefunctions"], R.ByName["ours_1"]);
  return R;
}

StringRef valueNames() { return DiscardValueNames ? "discarded" : "kept"; }

json::Object phasesJson(const std::vector<PhaseTimes> &P) {
  auto Med = [&](double PhaseTimes::*Field) {
    std::vector<double> V;
    for (const PhaseTimes &T : P)
      V.push_back(T.*Field);
    return V.empty() ? 0.0 : median(V);
  };
  return json::Object{{"collect", Med(&PhaseTimes::CollectSeconds)},
                      {"hash", Med(&PhaseTimes::HashSeconds)},
                      {"resolve", Med(&PhaseTimes::ResolveSeconds)},
                      {"apply", Med(&PhaseTimes::ApplySeconds)},
                      {"total", Med(&PhaseTimes::TotalSeconds)}};
}

json::Value toJson(const ModuleResult &R, unsigned N) {
  json::Object Medians, Samples, Folded, Ratios, Phases;
  for (const auto &[Name, S] : R.ByName) {
    Medians[Name] = median(S.Seconds);
    Samples[Name] = json::Array(S.Seconds);
    if (Name != "walk")
      Folded[Name] = S.Folded.size();
    if (!S.Phases.empty())
      Phases[Name] = phasesJson(S.Phases);
  }
  auto MFIt = R.ByName.find("mergefunctions");
  double MF = MFIt == R.ByName.end() ? 0 : median(MFIt->second.Seconds);
  for (const auto &[Name, S] : R.ByName)
    if (Name != "mergefunctions" && MF > 0)
      Ratios[Name + "/mergefunctions"] = median(S.Seconds) / MF;
  json::Array Missed;
  for (size_t I = 0; I < R.Missed.size() && I < 20; ++I)
    Missed.push_back(R.Missed[I]);
  return json::Object{
      {"module", R.Path},
      {"definitions", R.Definitions},
      {"instructions", R.Instructions},
      {"reps", Reps.getValue()},
      {"threads", N},
      {"mode", Mode.getValue()},
      {"value_names", valueNames()},
      {"median_seconds", std::move(Medians)},
      {"samples_seconds", std::move(Samples)},
      {"folded", std::move(Folded)},
      {"ours_reported_folded",
       R.ByName.count("ours_1") ? R.ByName.at("ours_1").OwnCount : 0},
      {"missed_mergefunctions_folds", R.Missed.size()},
      {"missed_examples", std::move(Missed)},
      {"ratios", std::move(Ratios)},
      {"ours_phase_seconds", std::move(Phases)}};
}

void printResult(const ModuleResult &R, unsigned N) {
  outs() << R.Path << ": " << R.Definitions << " definitions, "
         << R.Instructions << " instructions, " << Reps
         << " rounds, local value names " << valueNames() << "\n";
  auto MFIt = R.ByName.find("mergefunctions");
  double MF = MFIt == R.ByName.end() ? 0 : median(MFIt->second.Seconds);
  for (const auto &[Name, S] : R.ByName) {
    double Med = median(S.Seconds);
    outs() << format("  %-16s median %9.4f s", Name.c_str(), Med);
    if (MF > 0)
      outs() << format("  x%6.3f of mergefunctions", Med / MF);
    if (Name != "walk")
      outs() << "  folded " << S.Folded.size();
    outs() << "\n";
  }
  if (MF == 0 || !R.ByName.count("ours_1"))
    return;
  outs() << "  mergefunctions folds missed by ours: " << R.Missed.size();
  for (size_t I = 0; I < R.Missed.size() && I < 5; ++I)
    outs() << (I ? ", " : " (") << R.Missed[I];
  outs() << (R.Missed.empty() ? "\n" : ")\n");
}

/// The peak resident memory that running C adds to a freshly parsed copy
/// of the module at Path (MemoryProbe.h).
Expected<json::Value> measureMemory(const std::string &Path, Contender &C) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes = MemoryBuffer::getFile(Path);
  if (!Bytes)
    return createStringError(Bytes.getError(), "cannot read " + Path);
  LLVMContext Ctx;
  Ctx.setDiscardValueNames(DiscardValueNames);
  Expected<ResidentBytes> BeforeParse = readResident();
  if (!BeforeParse)
    return BeforeParse.takeError();
  SMDiagnostic Err;
  std::unique_ptr<Module> Copy = parseIR(**Bytes, Err, Ctx);
  if (!Copy)
    return createStringError(inconvertibleErrorCode(),
                             "cannot parse " + Path + ": " + Err.getMessage());
  if (Error E = resetPeakResident())
    return E;
  Expected<ResidentBytes> BeforeRun = readResident();
  if (!BeforeRun)
    return BeforeRun.takeError();
  RunOutcome Out = runContender(C, *Copy);
  if (!Out.Error.empty())
    return createStringError(inconvertibleErrorCode(),
                             C.Name + " failed: " + Out.Error);
  Expected<ResidentBytes> AfterRun = readResident();
  if (!AfterRun)
    return AfterRun.takeError();
  uint64_t ModuleBytes = BeforeRun->Current - BeforeParse->Current;
  uint64_t PeakBytes = AfterRun->Peak - BeforeRun->Current;
  outs() << Path << ": " << C.Name << " peak +" << PeakBytes / 1024
         << " KiB on a module of " << ModuleBytes / 1024 << " KiB resident ("
         << format("%.1f%%", ModuleBytes ? 100.0 * PeakBytes / ModuleBytes : 0)
         << "), local value names " << valueNames() << "\n";
  return json::Object{{"module", Path},
                      {"contender", C.Name},
                      {"value_names", valueNames()},
                      {"module_resident_bytes", ModuleBytes},
                      {"peak_added_bytes", PeakBytes}};
}

bool writeJson(json::Value Doc) {
  if (JsonOut.empty())
    return true;
  std::error_code EC;
  raw_fd_ostream OS(JsonOut, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "lmf-speedbench: cannot write '" << JsonOut
           << "': " << EC.message() << "\n";
    return false;
  }
  OS << formatv("{0:2}", Doc) << "\n";
  return true;
}

int runMemoryMode(std::vector<Contender> &Contenders) {
  if (Contenders.size() != 1 || Inputs.size() != 1) {
    errs() << "lmf-speedbench: --memory measures one contender on one "
              "module per run\n";
    return 1;
  }
  Expected<json::Value> Measured = measureMemory(Inputs[0], Contenders[0]);
  if (!Measured) {
    errs() << "lmf-speedbench: " << toString(Measured.takeError()) << "\n";
    return 1;
  }
  json::Object Doc = *Measured->getAsObject();
  Doc["schema"] = "lmf-speedbench-memory/1";
  return writeJson(std::move(Doc)) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(BenchCat);
  cl::ParseCommandLineOptions(
      argc, argv,
      "times lto-merge-functions against LLVM's MergeFunctions on modules\n");
  Expected<MergeMode> M = parseMergeMode(Mode);
  if (!M) {
    errs() << "lmf-speedbench: " << toString(M.takeError()) << "\n";
    return 1;
  }
  if (Reps == 0) {
    errs() << "lmf-speedbench: --reps must be at least 1\n";
    return 1;
  }
  unsigned N = Threads ? Threads.getValue()
                       : std::max(1u, std::thread::hardware_concurrency());
  StringSet<> Wanted;
  SmallVector<StringRef, 4> Names;
  StringRef(Only).split(Names, ',', -1, false);
  for (StringRef Name : Names) {
    if (Name != "walk" && Name != "ours_1" && Name != "ours_N" &&
        Name != "mergefunctions") {
      errs() << "lmf-speedbench: unknown contender '" << Name << "'\n";
      return 1;
    }
    Wanted.insert(Name);
  }
  std::vector<Contender> Contenders;
  if (Wanted.contains("walk"))
    Contenders.push_back(makeWalk());
  if (Wanted.contains("ours_1"))
    Contenders.push_back(makeOurs(1, *M));
  if (Wanted.contains("ours_N") && N > 1)
    Contenders.push_back(makeOurs(N, *M));
  if (Wanted.contains("mergefunctions"))
    Contenders.push_back(makeMergeFunctions());
  if (Contenders.empty()) {
    errs() << "lmf-speedbench: no contender to run\n";
    return 1;
  }

  if (MeasureMemory)
    return runMemoryMode(Contenders);

  json::Array All;
  bool Failed = false;
  for (const std::string &Path : Inputs) {
    ModuleResult R = benchModule(Path, Contenders);
    if (R.Failed) {
      Failed = true;
      continue;
    }
    printResult(R, N);
    All.push_back(toJson(R, N));
  }
  if (!writeJson(json::Object{{"schema", "lmf-speedbench/1"},
                              {"modules", std::move(All)}}))
    return 1;
  return Failed ? 1 : 0;
}
