//===- KnownBugs.h - Inputs that hit bugs already reported ------*- C++ -*-===//
//
// A fuzzer that keeps finding the same bug finds nothing else, and a CI run
// that fails on a bug already reported says nothing new. Each entry here
// recognizes the inputs of one open bug, names the regression test that
// guards it (an XFAIL test in test/reliability/lit/), and is deleted when
// the bug is fixed (together with the XFAIL line). The tools print how many
// inputs they skipped and why, so a skip is never silent.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_KNOWNBUGS_H
#define LMF_TEST_FUZZ_KNOWNBUGS_H

#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <string>

namespace lmf::fuzz {

/// The regression test of the open bug that M would hit, or "".
inline std::string knownBug(const llvm::Module &M) {
  using namespace llvm;
  for (const Function &F : M) {
    // test/reliability/lit/no-thunk-tail-call-conventions-abi-params.ll
    if (F.getCallingConv() == CallingConv::Tail ||
        F.getCallingConv() == CallingConv::SwiftTail)
      for (const Argument &A : F.args())
        for (Attribute::AttrKind K :
             {Attribute::InReg, Attribute::ByRef, Attribute::SwiftError,
              Attribute::InAlloca, Attribute::Preallocated})
          if (A.hasAttribute(K))
            return "no-thunk-tail-call-conventions-abi-params.ll";
  }
  return "";
}

} // namespace lmf::fuzz

#endif
