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

#include "core/AnnotationPolicy.h"
#include "core/GlobalNumbering.h"
#include "core/MergeOptions.h"
#include "core/StructuralEncoding.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <string>
#include <unordered_map>

namespace lmf::fuzz {

/// Whether a function of M calls another one directly that it equals under
/// callee wildcards: with callee positions the two may form one similar
/// class in which the caller passes the callee, another member, as its
/// parameter (test/lit/similar-callee-member-calls-member.ll).
inline bool callsItsSimilarTwin(const llvm::Module &M) {
  using namespace llvm;
  GlobalNumbering Globals(M);
  AnnotationPolicy Policy(M);
  EncodingContext Ctx{Globals, Policy};
  Ctx.ParameterWildcards = Ctx.CalleeWildcards = true;
  // Node-based: a reference to one encoding survives adding another.
  std::unordered_map<const Function *, Encoding> Encodings;
  auto EncodingOf = [&](const Function &F) -> const Encoding & {
    auto [It, New] = Encodings.try_emplace(&F);
    if (New)
      encodeWithParameterWildcards(F, Ctx, It->second);
    return It->second;
  };
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (const Instruction &I : instructions(F)) {
      const auto *CB = dyn_cast<CallBase>(&I);
      const Function *G = CB ? CB->getCalledFunction() : nullptr;
      if (G && G != &F && !G->isDeclaration() &&
          G->getFunctionType() == F.getFunctionType() &&
          EncodingOf(F) == EncodingOf(*G))
        return true;
    }
  }
  return false;
}

/// The regression test of the open bug that merging M with Opts would hit,
/// or "". The one open bug needs callee positions (SimilarCallees, which
/// lmf-ircheck turns on in every fourth merge): a similar class whose member
/// calls another member passes that member's address to the shared body,
/// and the member is erased all the same (its calls rewritten), leaving a
/// dangling reference.
inline std::string knownBug(const llvm::Module &M,
                            const MergeOptions &Opts = {}) {
  if (Opts.MergeSimilar && Opts.SimilarCallees && callsItsSimilarTwin(M))
    return "similar-callee-member-calls-member.ll";
  return "";
}

} // namespace lmf::fuzz

#endif
