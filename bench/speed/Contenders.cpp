//===- Contenders.cpp - The runs the speed harness times ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The multi-thread run of ours sets SerialThreshold to 0, so that it takes
// the parallel path even on small modules; the one-thread run uses a serial
// runner, as a link with `--threads=1` does. Runners are made once per
// contender, so a run does not pay for starting TBB's threads.
//
//===----------------------------------------------------------------------===//

#include "bench/speed/Contenders.h"

#include "core/MergeModule.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"

#include <chrono>

using namespace llvm;

namespace lmf::bench {
namespace {

using Clock = std::chrono::steady_clock;

/// Reads every operand of every instruction, and the opcode, so that the
/// loop is not optimized away.
uint64_t walkInstructions(const Module &M) {
  uint64_t Sum = 0;
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        Sum = Sum * 31 + I.getOpcode();
        for (const Use &Op : I.operands())
          Sum ^= reinterpret_cast<uintptr_t>(Op.get()) >> 4;
      }
  return Sum;
}

volatile uint64_t Sink;

} // namespace

Contender makeWalk() { return {"walk", ContenderKind::Walk, 1, {}, nullptr}; }

Contender makeOurs(unsigned Threads, MergeMode Mode) {
  Contender C{"ours_" + std::to_string(Threads),
              ContenderKind::Ours,
              Threads,
              {},
              createTaskRunner(Threads)};
  C.Options.Mode = Mode;
  if (Threads > 1)
    C.Options.SerialThreshold = 0;
  return C;
}

Contender makeMergeFunctions() {
  return {"mergefunctions", ContenderKind::MergeFunctions, 1, {}, nullptr};
}

RunOutcome runContender(Contender &C, Module &M) {
  RunOutcome Out;
  Clock::time_point Start = Clock::now();
  switch (C.Kind) {
  case ContenderKind::Walk:
    Sink = walkInstructions(M);
    break;
  case ContenderKind::MergeFunctions:
    MergeFunctionsPass::runOnModule(M);
    break;
  case ContenderKind::Ours: {
    Expected<MergeResult> R = mergeModule(M, C.Options, *C.Runner);
    if (!R)
      Out.Error = toString(R.takeError());
    else
      Out.Result = std::move(*R);
    break;
  }
  }
  Out.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  return Out;
}

} // namespace lmf::bench
