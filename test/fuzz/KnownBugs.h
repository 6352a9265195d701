//===- KnownBugs.h - Inputs that hit bugs already reported ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A fuzzer that keeps finding the same bug finds nothing else, and a CI run
// that fails on a bug already reported says nothing new. Each entry here
// recognizes the inputs of one open bug, names the regression test that
// guards it (an XFAIL test in test/lit/), and is deleted when
// the bug is fixed (together with the XFAIL line). The tools print how many
// inputs they skipped and why, so a skip is never silent.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_KNOWNBUGS_H
#define LMF_TEST_FUZZ_KNOWNBUGS_H

#include "core/MergeOptions.h"

#include "llvm/IR/Module.h"

#include <string>

namespace lmf::fuzz {

/// The regression test of the open bug that merging M with Opts would hit,
/// or "". None is open: the last one (a similar member erased although a
/// fellow member passed its address, similar-callee-member-calls-member.ll)
/// is fixed.
inline std::string knownBug(const llvm::Module &, const MergeOptions & = {}) {
  return "";
}

} // namespace lmf::fuzz

#endif
