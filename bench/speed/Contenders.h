//===- Contenders.h - The runs the speed harness times ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each contender runs on its own fresh copy of the module and is timed
// alone: the copy is made and destroyed outside the timed region.
//
//   walk            touches every operand of every instruction: the floor
//                   no merger can beat, since each must read the whole IR;
//   ours            lmf::mergeModule on a TaskRunner of N threads;
//   mergefunctions  LLVM's MergeFunctionsPass::runOnModule.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_BENCH_CONTENDERS_H
#define LMF_BENCH_CONTENDERS_H

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/TaskRunner.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace lmf::bench {

enum class ContenderKind { Walk, Ours, MergeFunctions };

struct Contender {
  std::string Name;
  ContenderKind Kind;
  unsigned Threads = 1;
  MergeOptions Options;
  std::unique_ptr<TaskRunner> Runner;
};

struct RunOutcome {
  double Seconds = 0;
  /// Set for ours.
  std::optional<MergeResult> Result;
  /// Set when ours failed (verifier).
  std::string Error;
};

Contender makeWalk();
Contender makeOurs(unsigned Threads, MergeMode Mode);
Contender makeMergeFunctions();

/// Runs C on M (which it changes) and times it.
RunOutcome runContender(Contender &C, llvm::Module &M);

} // namespace lmf::bench

#endif
