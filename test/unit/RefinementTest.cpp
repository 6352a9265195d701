//===- RefinementTest.cpp - Refinement's layout and scratch ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Partition refinement (core/equality/PartitionRefinement.cpp) keeps its data flat so
// that it stays linear in the module: each member's references in one array
// with prefix offsets (CandidateLists), classes as ranges of one permuted
// array, and encoding buffers per worker of the task runner instead of per
// thread. We check the pieces it relies on: the runner names each task's
// worker below concurrency() and never runs two tasks of one worker at
// once; the flat lists give back exactly the lists they were built from;
// and refinement, which splits classes within their ranges, finds the
// expected classes of call chains and cycles, level by level, with the same
// result on one thread and on four.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"
#include "core/equality/PartitionRefinement.h"
#include "parallel/TBBTaskRunner.h"

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include <tbb/global_control.h>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

/// Runs Count indices on Runner and checks every worker: below
/// concurrency(), and never busy twice at once. Returns the workers seen.
std::set<unsigned> checkWorkers(TaskRunner &Runner, size_t Count,
                                size_t SerialThreshold) {
  std::vector<std::atomic<bool>> Busy(Runner.concurrency());
  std::vector<std::atomic<int>> Visits(Count);
  std::vector<std::atomic<bool>> Seen(Runner.concurrency());
  std::atomic<unsigned> OutOfRange{0}, Shared{0};
  forEachIndexWithWorker(
      Runner, Count, SerialThreshold, [&](size_t I, unsigned Worker) {
        if (Worker >= Busy.size()) {
          ++OutOfRange;
          return;
        }
        Seen[Worker] = true;
        if (Busy[Worker].exchange(true))
          ++Shared;
        ++Visits[I];
        if (I % 64 == 0)
          std::this_thread::sleep_for(std::chrono::microseconds(200));
        Busy[Worker] = false;
      });
  EXPECT_EQ(OutOfRange.load(), 0u);
  EXPECT_EQ(Shared.load(), 0u);
  for (size_t I = 0; I < Count; ++I)
    EXPECT_EQ(Visits[I].load(), 1) << I;
  std::set<unsigned> Workers;
  for (unsigned W = 0; W < Seen.size(); ++W)
    if (Seen[W])
      Workers.insert(W);
  return Workers;
}

TEST(TaskRunner, WorkersAreBelowConcurrencyAndNeverShared) {
  tbb::global_control FourThreads(tbb::global_control::max_allowed_parallelism,
                                  4);
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  ASSERT_EQ(Runner->concurrency(), 4u);
  EXPECT_GE(checkWorkers(*Runner, 4096, 0).size(), 2u);
  // Below the threshold the calling thread runs everything, as worker 0.
  EXPECT_EQ(checkWorkers(*Runner, 100, 1000), std::set<unsigned>{0});
  EXPECT_EQ(checkWorkers(serialRunner(), 100, 0), std::set<unsigned>{0});
}

TEST(CandidateLists, KeepsEveryListInOneArrayInOrder) {
  std::vector<std::vector<CandidateId>> Lists = {
      {3, 1}, {}, {0, 0, 4}, {}, {2}};
  std::vector<ArrayRef<CandidateId>> Views(Lists.begin(), Lists.end());
  CandidateLists Flat;
  cantFail(Flat.assign(Views));
  ASSERT_EQ(Flat.size(), Lists.size());
  for (CandidateId Id = 0; Id < Lists.size(); ++Id)
    EXPECT_EQ(Flat[Id].vec(), Lists[Id]) << "list " << Id;
  EXPECT_EQ(Flat.items().vec(), (std::vector<CandidateId>{3, 1, 0, 0, 4, 2}));
  // Assigning again replaces everything, including with nothing.
  cantFail(Flat.assign({}));
  EXPECT_EQ(Flat.size(), 0u);
  EXPECT_TRUE(Flat.items().empty());
}

/// An internal function of i32 %x whose body is Lines, then `ret i32 %r`.
std::string internalFunction(StringRef Name, ArrayRef<StringRef> Lines) {
  std::string Text =
      ("define internal i32 @" + Name + "(i32 %x) unnamed_addr {\n").str();
  for (StringRef Line : Lines)
    Text += ("  " + Line + "\n").str();
  return Text + "  ret i32 %r\n}\n";
}

// Mids and tops start in one class (their skeletons are equal) and split
// one level per iteration: first by the leaves they call, then by the mids;
// the two cycles stay together.
std::string chainsIR() {
  std::string Text;
  for (StringRef Leaf : {"leafA1", "leafA2"})
    Text += internalFunction(Leaf, {"%r = add i32 %x, 1"});
  Text += internalFunction("leafB", {"%r = add i32 %x, 2"});
  std::pair<StringRef, StringRef> Calls[] = {
      {"midA1", "leafA1"}, {"midA2", "leafA2"}, {"midB", "leafB"},
      {"topA1", "midA1"},  {"topB", "midB"},    {"topA2", "midA2"}};
  for (auto [Caller, Callee] : Calls)
    Text += internalFunction(Caller,
                             {("%r = call i32 @" + Callee + "(i32 %x)").str()});
  for (StringRef N : {"1", "2"}) {
    Text += internalFunction(
        ("ping" + N).str(),
        {"%y = add i32 %x, 7", ("%r = call i32 @pong" + N + "(i32 %y)").str()});
    Text += internalFunction(
        ("pong" + N).str(),
        {"%y = mul i32 %x, 3", ("%r = call i32 @ping" + N + "(i32 %y)").str()});
  }
  return Text;
}

/// The classes of refinement on Runner, by function name.
std::vector<std::vector<std::string>>
refineOn(Module &M, TaskRunner &Runner, uint64_t &Iterations,
         uint64_t SkeletonCacheTokens = DefaultSkeletonCacheTokens) {
  ModuleEncoder E(M);
  std::vector<Function *> Candidates;
  std::vector<CandidateId> Members;
  for (Function &F : M) {
    Members.push_back(Candidates.size());
    Candidates.push_back(&F);
  }
  auto Always = [](const Function &) { return true; };
  RefinementInput In{Candidates,
                     Members,
                     E.Ctx,
                     Runner,
                     /*SerialThreshold=*/0,
                     Always,
                     Always,
                     SkeletonCacheTokens};
  RefinementResult R = cantFail(refinePartition(In));
  Iterations = R.Iterations;
  std::vector<std::vector<std::string>> Names;
  for (ArrayRef<CandidateId> C : R.Classes) {
    Names.emplace_back();
    for (CandidateId Id : C)
      Names.back().push_back(Candidates[Id]->getName().str());
  }
  return Names;
}

TEST(Refinement, SplitsClassesLevelByLevelOnAnyThreadCount) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, chainsIR());
  ASSERT_TRUE(M);
  std::vector<std::vector<std::string>> Expected = {{"leafA1", "leafA2"},
                                                    {"midA1", "midA2"},
                                                    {"topA1", "topA2"},
                                                    {"ping1", "ping2"},
                                                    {"pong1", "pong2"}};
  uint64_t Iterations = 0;
  EXPECT_EQ(refineOn(*M, serialRunner(), Iterations), Expected);
  // The skeleton split, then one iteration per level, then the fixpoint.
  EXPECT_EQ(Iterations, 3u);

  tbb::global_control FourThreads(tbb::global_control::max_allowed_parallelism,
                                  4);
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  EXPECT_EQ(refineOn(*M, *Runner, Iterations), Expected);
  EXPECT_EQ(Iterations, 3u);
}

// Each worker keeps one skeleton per hash; a bucket whose members are not
// all known to equal one is split by encoding them again. Budgets that keep
// nothing, some skeletons, or all of them give the same classes.
TEST(Refinement, SameClassesWhateverTheSkeletonCacheKeeps) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, chainsIR());
  ASSERT_TRUE(M);
  uint64_t Iterations = 0;
  std::vector<std::vector<std::string>> Expected =
      refineOn(*M, serialRunner(), Iterations);
  tbb::global_control FourThreads(tbb::global_control::max_allowed_parallelism,
                                  4);
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  for (uint64_t Budget : {0, 1, 40, 200}) {
    SCOPED_TRACE("budget " + std::to_string(Budget));
    EXPECT_EQ(refineOn(*M, serialRunner(), Iterations, Budget), Expected);
    EXPECT_EQ(Iterations, 3u);
    EXPECT_EQ(refineOn(*M, *Runner, Iterations, Budget), Expected);
  }
}

} // namespace
