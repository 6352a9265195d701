//===- DeterminismTest.cpp - Same output for any thread count -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld's output must not depend on `--threads`. We generate a module of a few
// thousand functions: families of leaf duplicates (with differing
// annotations and linkages), callers that become equal only once the leaves
// are folded, callers of those callers, and copies of mutually recursive
// pairs; partition refinement finds every level, and the pairs, by class.
// The module is merged with the serial runner and with TBB runners of 1 and
// 4 threads (SerialThreshold 0, so the parallel path runs even for small
// rounds), twice for 4 threads; the printed modules must be byte-identical
// and the MergeResults must list the same groups, members, actions and
// refusals in the same order.
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"
#include "TestIR.h"

#include "parallel/TBBTaskRunner.h"

#include <tbb/global_control.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

constexpr unsigned Families = 300;
constexpr unsigned Leaves = 5, Mids = 4, Tops = 3;
/// Families of mutually recursive pairs, and copies of each pair.
constexpr unsigned CycleFamilies = Families / 5, CycleCopies = 3;

const char *const Linkages[][2] = {
    {"", ""},
    {"", "unnamed_addr"},
    {"internal", "unnamed_addr"},
    {"internal", ""},
    {"linkonce_odr", "unnamed_addr"},
    {"linkonce_odr", ""},
    {"weak_odr", "unnamed_addr"},
    {"weak", ""},
    {"private", "unnamed_addr"},
    {"", "local_unnamed_addr"},
};

/// A caller of Callee: Base plus one call whose result it returns (in the
/// straight shape) or feeds to the rest of the body.
FunctionSpec callerOf(FunctionSpec Base, const std::string &Callee) {
  Op Call;
  Call.Kind = OpKind::CallFn;
  Call.Callee = Callee;
  Call.A = {Operand::Arg, 0};
  Call.B = {Operand::Arg, 1};
  Base.Ops.push_back(Call);
  if (Base.CFG == Shape::Straight)
    Base.Results[0] = {Operand::Value,
                       static_cast<int64_t>(Base.Ops.size() - 1)};
  return Base;
}

std::string name(char Level, unsigned Family, unsigned Copy) {
  return std::string(1, Level) + std::to_string(Family) + "_" +
         std::to_string(Copy);
}

void emit(std::ostringstream &Out, SpecGenerator &Gen, const FunctionSpec &S,
          const std::string &Name) {
  RenderOptions RO;
  RO.Name = Name;
  const auto &L = Linkages[Gen.below(std::size(Linkages))];
  RO.Linkage = L[0];
  RO.UnnamedAddr = L[1];
  Out << renderFunction(S, RO);
}

/// Copies of Base: annotation mutations on most, a semantic one on a few, so
/// that some classes split.
FunctionSpec copyOf(SpecGenerator &Gen, const FunctionSpec &Base) {
  FunctionSpec S = Base;
  for (unsigned N = Gen.below(3); N--;)
    Gen.mutateAnnotation(S);
  if (Gen.below(12) == 0)
    Gen.mutateSemantics(S, /*Signature=*/false);
  return S;
}

std::string buildCascadeModule(uint64_t Seed) {
  SpecGenerator Gen(Seed);
  std::ostringstream Out;
  Out << renderPreamble();
  for (unsigned F = 0; F < Families; ++F) {
    FunctionSpec Leaf = Gen.randomFunction();
    for (unsigned C = 0; C < Leaves; ++C)
      emit(Out, Gen, copyOf(Gen, Leaf), name('l', F, C));
    FunctionSpec Mid = Gen.randomFunction();
    Mid.Bits = Leaf.Bits;
    for (unsigned C = 0; C < Mids; ++C)
      emit(Out, Gen, copyOf(Gen, callerOf(Mid, name('l', F, C))),
           name('m', F, C));
    FunctionSpec Top = Gen.randomFunction();
    Top.Bits = Leaf.Bits;
    for (unsigned C = 0; C < Tops; ++C)
      emit(Out, Gen, copyOf(Gen, callerOf(Top, name('m', F, C))),
           name('t', F, C));
  }
  for (unsigned F = 0; F < CycleFamilies; ++F) {
    FunctionSpec X = Gen.randomFunction(), Y = Gen.randomFunction();
    Y.Bits = X.Bits;
    for (unsigned C = 0; C < CycleCopies; ++C) {
      std::string XName = "c" + name('x', F, C), YName = "c" + name('y', F, C);
      emit(Out, Gen, copyOf(Gen, callerOf(X, YName)), XName);
      emit(Out, Gen, copyOf(Gen, callerOf(Y, XName)), YName);
    }
  }
  return Out.str();
}

/// Everything in a MergeResult that must not depend on the runner: all but
/// the timings and the thread count.
std::string describe(const MergeResult &R) {
  std::ostringstream Out;
  const MergeStats &S = R.Stats;
  Out << "functions " << S.FunctionsInModule << " considered " << S.Considered
      << " folded " << S.Folded << " erased " << S.FoldedErased << " alias "
      << S.FoldedAlias << " thunk " << S.FoldedThunk << " redirected "
      << S.FoldedCallersRedirected << " refused " << S.Refused << " rounds "
      << S.Rounds << " buckets " << S.MultiMemberBuckets << " pure "
      << S.PureBuckets << " collisions " << S.Collisions << " removed "
      << S.InstructionsRemoved << "\n";
  for (const FoldGroup &G : R.Groups) {
    Out << "round " << G.Round << " survivor " << G.KeptMember << " body "
        << G.KeptBody << " forwarded " << G.KeptMemberForwarded << " "
        << foldActionName(G.KeptMemberAction).str() << " instructions "
        << G.BodyInstructions << ":";
    for (const FoldedMember &M : G.Members)
      Out << " " << M.Name << "=" << foldActionName(M.Action).str();
    Out << "\n";
  }
  for (const RefusedMember &F : R.Refusals)
    Out << "refused " << F.Name << " into " << F.ClassName << ": " << F.Reason
        << "\n";
  return Out.str();
}

/// Runners never ask oneTBB for more threads than it allows (by default the
/// machine's cores); the tests want four threads even on two cores.
tbb::global_control allowFourThreads() {
  return tbb::global_control(tbb::global_control::max_allowed_parallelism, 4);
}

struct Outcome {
  std::string Module, Result;
  MergeStats Stats;
};

Outcome mergeWith(const std::string &Text, TaskRunner &Runner) {
  Outcome O;
  LLVMContext Ctx;
  auto M = parseIR(Ctx, Text);
  if (!M)
    return O;
  MergeOptions Opts;
  Opts.SerialThreshold = 0;
  std::optional<MergeResult> R = merge(*M, Opts, Runner);
  if (!R)
    return O;
  O.Module = printModule(*M);
  O.Result = describe(*R);
  O.Stats = R->Stats;
  return O;
}

// oneTBB warns on stderr when an arena asks for more threads than its
// limit; `ld.lld --threads=8` on two cores must not print that.
TEST(Determinism, RunnerAsksForNoMoreThreadsThanTBBAllows) {
  tbb::global_control TwoThreads(tbb::global_control::max_allowed_parallelism,
                                 2);
  EXPECT_EQ(createTaskRunner(8)->concurrency(), 2u);
  EXPECT_EQ(createTaskRunner(2)->concurrency(), 2u);
  EXPECT_EQ(createTaskRunner(1)->concurrency(), 1u);
}

// The determinism check below is only meaningful if the TBB runner really
// spreads work over several threads; it must also cover every index once.
TEST(Determinism, ParallelRunnerUsesSeveralThreads) {
  tbb::global_control FourThreads = allowFourThreads();
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  ASSERT_TRUE(Runner);
  constexpr size_t Count = 256;
  std::vector<std::atomic<int>> Visits(Count);
  std::mutex Lock;
  std::set<std::thread::id> Threads;
  Runner->forEachRange(Count, [&](size_t Begin, size_t End) {
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Threads.insert(std::this_thread::get_id());
    }
    for (size_t I = Begin; I != End; ++I)
      ++Visits[I];
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  for (size_t I = 0; I < Count; ++I)
    EXPECT_EQ(Visits[I].load(), 1) << I;
  EXPECT_GE(Threads.size(), 2u);
}

TEST(Determinism, OutputIndependentOfThreadCount) {
  std::string Text = buildCascadeModule(0xD37E12);
  Outcome Serial = mergeWith(Text, serialRunner());
  ASSERT_FALSE(Serial.Module.empty());

  // The module is worth testing: it folds a lot, in every way.
  const MergeStats &S = Serial.Stats;
  EXPECT_EQ(S.FunctionsInModule, Families * (Leaves + Mids + Tops) +
                                     CycleFamilies * CycleCopies * 2 +
                                     16u /* declarations */);
  EXPECT_GT(S.Folded, Families * (Leaves + Mids) / 2);
  EXPECT_GT(S.FoldedErased, 0u);
  EXPECT_GT(S.FoldedAlias, 0u);
  EXPECT_GT(S.FoldedThunk, 0u);
  EXPECT_GT(S.FoldedCallersRedirected, 0u);

  tbb::global_control FourThreads = allowFourThreads();
  for (unsigned Threads : {1u, 4u, 4u}) {
    SCOPED_TRACE("threads " + std::to_string(Threads));
    std::unique_ptr<TaskRunner> Runner = createTaskRunner(Threads);
    ASSERT_TRUE(Runner);
    EXPECT_EQ(Runner->concurrency(), Threads);
    Outcome Parallel = mergeWith(Text, *Runner);
    EXPECT_EQ(Parallel.Stats.Threads, Threads);
    EXPECT_TRUE(Parallel.Module == Serial.Module)
        << "printed modules differ (" << Parallel.Module.size() << " vs "
        << Serial.Module.size() << " bytes)";
    EXPECT_EQ(Parallel.Result, Serial.Result);
  }
}

/// Pairs of functions that similar merging folds (they differ in the
/// global they store to), in two shapes per structure type, all indexing
/// structures: the encoders of different buckets, on different threads, ask
/// DataLayout for the size of the same structure at the same time. Its
/// cache of layouts fills itself without locking; the fuzzer found the
/// parallel merge then missing a class about once in thirty runs.
std::string buildStructIndexingModule() {
  std::string Text = "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n"
                     "target triple = \"x86_64-unknown-linux-gnu\"\n";
  constexpr unsigned Types = 8;
  for (unsigned K = 0; K < Types; ++K)
    Text += "%T" + std::to_string(K) + " = type { i32, [" +
            std::to_string(K + 1) + " x i32], i32 }\n";
  for (unsigned K = 0; K < Types; ++K)
    for (const char *Shape : {"a", "b"})
      for (unsigned J = 0; J < 2; ++J) {
        std::string Name =
            std::string(Shape) + std::to_string(K) + "_" + std::to_string(J);
        std::string T = "%T" + std::to_string(K);
        Text += "@g" + Name + " = global i32 0\n";
        Text += "define i32 @" + Name + "(ptr %p) {\n";
        Text += "  %e = getelementptr " + T + ", ptr %p, i64 0, i32 1\n";
        Text += "  %v = load i32, ptr %e, align 4\n";
        Text += "  store i32 %v, ptr @g" + Name + ", align 4\n";
        std::string Last = "%v";
        if (Shape[0] == 'b') {
          Text += "  %w = add i32 %v, 7\n";
          Last = "%w";
        }
        for (unsigned C = 0; C < 24; ++C) {
          std::string Next = "%c" + std::to_string(C);
          Text += "  " + Next + " = mul i32 " + Last + ", " + Last + "\n";
          Last = Next;
        }
        Text += "  ret i32 " + Last + "\n}\n";
      }
  return Text;
}

TEST(Determinism, SimilarMergingIndependentOfThreadsOverStructures) {
  std::string Text = buildStructIndexingModule();
  auto Similar = [&](TaskRunner &Runner) {
    LLVMContext Ctx;
    auto M = parseIR(Ctx, Text);
    MergeOptions Opts;
    Opts.SerialThreshold = 0;
    Opts.Similar.Enabled = true;
    Opts.Similar.Integers = true;
    std::optional<MergeResult> R = M ? merge(*M, Opts, Runner) : std::nullopt;
    return R ? std::make_pair(printModule(*M), R->Stats.SimilarClasses)
             : std::make_pair(std::string(), uint64_t(0));
  };
  auto Serial = Similar(serialRunner());
  ASSERT_FALSE(Serial.first.empty());
  EXPECT_EQ(Serial.second, 16u);
  tbb::global_control FourThreads = allowFourThreads();
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  // Each run parses anew, so every run lays the structures out anew.
  for (unsigned Run = 0; Run < 300; ++Run) {
    auto Parallel = Similar(*Runner);
    ASSERT_EQ(Parallel.second, Serial.second) << "run " << Run;
    ASSERT_TRUE(Parallel.first == Serial.first) << "run " << Run;
  }
}

struct LevelCounts {
  unsigned Leaf = 0, Mid = 0, Top = 0, Cycle = 0;
};

LevelCounts foldGroupsByLevel(const MergeResult &R) {
  LevelCounts C;
  for (const FoldGroup &G : R.Groups) {
    switch (G.KeptMember.empty() ? '?' : G.KeptMember[0]) {
    case 'l':
      ++C.Leaf;
      break;
    case 'm':
      ++C.Mid;
      break;
    case 't':
      ++C.Top;
      break;
    case 'c':
      ++C.Cycle;
      break;
    }
  }
  return C;
}

// Callers become equal only once their callees are folded; partition
// refinement finds every level by class, and the cycles too.
TEST(Determinism, FoldingCascadesToCallers) {
  tbb::global_control FourThreads = allowFourThreads();
  std::string Text = buildCascadeModule(0xD37E12);
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(4);
  LLVMContext Ctx;
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  MergeOptions Opts;
  Opts.SerialThreshold = 0;
  std::optional<MergeResult> R = merge(*M, Opts, *Runner);
  ASSERT_TRUE(R);
  LevelCounts C = foldGroupsByLevel(*R);
  EXPECT_GT(C.Leaf, Families / 2);
  EXPECT_GT(C.Mid, Families / 2);
  EXPECT_GT(C.Top, Families / 3);
  // Each copy of a cycle calls its own partner: equal only by class.
  EXPECT_GT(C.Cycle, CycleFamilies / 3);
}

} // namespace
