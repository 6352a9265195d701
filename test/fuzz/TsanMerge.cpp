//===- TsanMerge.cpp - lmf-tsan-merge: the parallel phases under TSan -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Built with -fsanitize=thread over core/ and parallel/ (see
// test/fuzz/sanitized/CMakeLists.txt). For every input module:
//
//  1. merge a copy serially: the reference;
//  2. merge a copy on the TBB runner (parallel/TBBTaskRunner) with 2, 4 and
//     8 threads, no serial threshold, so every bucket goes through the
//     parallel phases;
//  3. merge a copy on a runner of plain std::threads: thread creation and
//     join are intercepted by TSan, so it knows every happens-before edge
//     of this run exactly, even though libtbb.so is not instrumented;
//  4. merge two independent modules at once on two threads, each in its
//     own LLVMContext, as a process that runs the pass twice at a time
//     would (shared statics, per-worker scratch, the run counter);
// and require every result to verify and to print the same as the
// reference. Data races are reported by TSan (TSAN_OPTIONS=halt_on_error=1
// makes the first one fatal).
//
//===----------------------------------------------------------------------===//

#include "core/MergeModule.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <tbb/global_control.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace llvm;
using namespace lmf;

namespace {

cl::list<std::string> Inputs(cl::Positional, cl::desc("<module>..."));
cl::opt<std::string> SelfTest(
    "self-test",
    cl::desc("Run a task body with a deliberate data race on the std or tbb "
             "runner, to show that TSan (with the suppressions) reports it"),
    cl::init(""));
cl::list<unsigned> ThreadCounts("tbb-threads",
                                cl::desc("TBB arena sizes to run"),
                                cl::CommaSeparated);

/// Runs ranges on freshly created std::threads, joined before returning.
class StdThreadRunner final : public TaskRunner {
public:
  explicit StdThreadRunner(unsigned N) : N(N) {}
  unsigned concurrency() const override { return N; }
  void forEachRangeWithWorker(
      size_t Count,
      function_ref<void(size_t, size_t, unsigned)> Body) override {
    std::atomic<size_t> Next{0};
    std::atomic<unsigned> Ready{0};
    size_t Grain = std::max<size_t>(1, Count / (N * 64));
    // Relaxed atomics only: TSan sees no edge through them, so the tasks'
    // accesses stay unordered, as they are on a real runner. All threads
    // start taking ranges together, so that every thread gets some.
    auto Work = [&](unsigned Worker) {
      Ready.fetch_add(1, std::memory_order_relaxed);
      while (Ready.load(std::memory_order_relaxed) < N)
        std::this_thread::yield();
      for (;;) {
        size_t Begin = Next.fetch_add(Grain, std::memory_order_relaxed);
        if (Begin >= Count)
          return;
        Body(Begin, std::min(Count, Begin + Grain), Worker);
      }
    };
    std::vector<std::thread> Threads;
    for (unsigned I = 1; I < N; ++I)
      Threads.emplace_back(Work, I);
    Work(0);
    for (std::thread &T : Threads)
      T.join();
  }

private:
  unsigned N;
};

extern "C" void __tsan_acquire(void *Addr);
extern "C" void __tsan_release(void *Addr);

/// Makes the fork and join of another runner's tasks visible to TSan: the
/// TBB arena synchronizes inside libtbb.so, which is not instrumented. Each
/// task acquires what the caller released before the fork, and releases
/// what the caller acquires after the join.
class TsanVisibleRunner final : public TaskRunner {
public:
  explicit TsanVisibleRunner(std::unique_ptr<TaskRunner> Inner)
      : Inner(std::move(Inner)) {}
  unsigned concurrency() const override { return Inner->concurrency(); }
  void forEachRangeWithWorker(
      size_t Count,
      function_ref<void(size_t, size_t, unsigned)> Body) override {
    auto Task = [&](size_t Begin, size_t End, unsigned Worker) {
      __tsan_acquire(&Fork);
      Body(Begin, End, Worker);
      __tsan_release(&Join);
    };
    function_ref<void(size_t, size_t, unsigned)> TaskRef = Task;
    __tsan_release(&Fork);
    Inner->forEachRangeWithWorker(Count, TaskRef);
    __tsan_acquire(&Join);
  }

private:
  std::unique_ptr<TaskRunner> Inner;
  char Fork = 0, Join = 0;
};

std::string printModule(const Module &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  return Text;
}

/// Merges M with Runner; returns the module text, or "" after printing
/// why it failed.
std::string mergeAndPrint(Module &M, TaskRunner &Runner, MergeMode Mode,
                          const std::string &What) {
  MergeOptions Opts;
  Opts.Mode = Mode;
  // The similar stage runs after the identical one: both run threaded.
  Opts.Similar.Enabled = true;
  Opts.Verify = true;
  Opts.SerialThreshold = 0;
  Expected<MergeResult> R = mergeModule(M, Opts, Runner);
  if (!R) {
    errs() << "FAIL " << What << ": " << toString(R.takeError()) << "\n";
    return "";
  }
  if (verifyModule(M, &errs())) {
    errs() << "FAIL " << What << ": the module does not verify\n";
    return "";
  }
  return printModule(M);
}

int checkModule(const std::string &Path, MergeMode Mode) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M) {
    Err.print("lmf-tsan-merge", errs());
    return 1;
  }
  std::string Name = Path + " (" + mergeModeName(Mode).str() + ")";
  std::unique_ptr<Module> Ref = CloneModule(*M);
  std::string Expected =
      mergeAndPrint(*Ref, serialRunner(), Mode, Name + ", serial");
  if (Expected.empty())
    return 1;
  int Failures = 0;
  auto Check = [&](TaskRunner &Runner, const std::string &What) {
    std::unique_ptr<Module> Copy = CloneModule(*M);
    std::string Got = mergeAndPrint(*Copy, Runner, Mode, Name + ", " + What);
    if (Got != Expected) {
      if (!Got.empty())
        errs() << "FAIL " << Name << ", " << What
               << ": the result differs from the serial merge\n";
      ++Failures;
    }
  };
  std::vector<unsigned> Counts(ThreadCounts.begin(), ThreadCounts.end());
  if (Counts.empty())
    Counts = {2, 4, 8};
  for (unsigned T : Counts) {
    TsanVisibleRunner Runner(createTaskRunner(T));
    Check(Runner, "TBB, " + std::to_string(T) + " threads");
  }
  StdThreadRunner Std(4);
  Check(Std, "std::thread, 4 threads");
  return Failures;
}

/// Two merges at once, each on its own context and module.
int concurrentMerges(const std::string &A, const std::string &B) {
  std::atomic<int> Failures{0};
  auto One = [&](const std::string &Path) {
    LLVMContext Ctx;
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    if (!M) {
      ++Failures;
      return;
    }
    TsanVisibleRunner Runner(createTaskRunner(2));
    if (mergeAndPrint(*M, Runner, MergeMode::Safe,
                      Path + ", concurrent with another merge")
            .empty())
      ++Failures;
  };
  std::thread T1(One, A), T2(One, B);
  T1.join();
  T2.join();
  return Failures;
}

} // namespace

/// A deliberate race in a task body: every task adds to one plain counter.
int selfTest(TaskRunner &Runner) {
  static long Counter = 0;
  for (int Round = 0; Round < 4; ++Round)
    Runner.forEachRange(4096, [&](size_t Begin, size_t End) {
      // Long enough that every thread gets ranges, whatever the scheduler.
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      for (size_t I = Begin; I < End; ++I)
        Counter += I;
    });
  outs() << "self-test: counter " << Counter << " (TSan should have reported "
         << "a data race)\n";
  return 0;
}

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "merger under ThreadSanitizer\n");
  // Arenas as large as asked for, even on a small machine.
  tbb::global_control Limit(tbb::global_control::max_allowed_parallelism, 8);
  if (SelfTest == "std") {
    StdThreadRunner Std(4);
    return selfTest(Std);
  }
  if (SelfTest == "tbb") {
    TsanVisibleRunner TBB(createTaskRunner(4));
    return selfTest(TBB);
  }
  int Failures = 0;
  for (size_t I = 0; I < Inputs.size(); ++I)
    Failures +=
        checkModule(Inputs[I], I % 2 ? MergeMode::All : MergeMode::Safe);
  if (Inputs.size() >= 2)
    Failures += concurrentMerges(Inputs[0], Inputs[1]);
  outs() << "lmf-tsan-merge: " << Inputs.size() << " modules, " << Failures
         << " failures\n";
  return Failures ? 1 : 0;
}
