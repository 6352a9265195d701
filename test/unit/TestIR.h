//===- TestIR.h - IR helpers for unit tests ---------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The small amount of glue every unit test needs: parse textual IR (and fail
// the test with the parser's message when it does not parse or verify),
// find functions, build the encoding context the comparator reads, and run
// the merger with the verifier on.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_UNIT_TESTIR_H
#define LMF_TEST_UNIT_TESTIR_H

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/GlobalNumbering.h"
#include "core/MergeModule.h"
#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

namespace lmf::test {

/// Parses Text into a module of Ctx and verifies it. On failure the test
/// fails with the diagnostic and the result is null.
inline std::unique_ptr<llvm::Module> parseIR(llvm::LLVMContext &Ctx,
                                             llvm::StringRef Text) {
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Text, Err, Ctx);
  if (!M) {
    std::string Msg;
    llvm::raw_string_ostream OS(Msg);
    Err.print("test", OS);
    ADD_FAILURE() << "IR does not parse:\n" << Msg << "\n" << Text.str();
    return nullptr;
  }
  std::string Msg;
  llvm::raw_string_ostream OS(Msg);
  if (llvm::verifyModule(*M, &OS)) {
    ADD_FAILURE() << "IR does not verify:\n" << Msg << "\n" << Text.str();
    return nullptr;
  }
  return M;
}

/// The function called Name; fails the test when there is none.
inline llvm::Function *fn(llvm::Module &M, llvm::StringRef Name) {
  llvm::Function *F = M.getFunction(Name);
  if (!F)
    ADD_FAILURE() << "no function @" << Name.str();
  return F;
}

/// The encoding context of one module, as mergeModule builds it. Must not be
/// used after globals are added to or erased from the module.
struct ModuleEncoder {
  explicit ModuleEncoder(const llvm::Module &M) : Globals(M), Policy(M) {}
  ModuleEncoder(const ModuleEncoder &) = delete;
  ModuleEncoder &operator=(const ModuleEncoder &) = delete;

  int compare(const llvm::Function &L, const llvm::Function &R) const {
    return compareFunctions(L, R, Ctx);
  }
  uint64_t hash(const llvm::Function &F) const {
    Encoding Scratch;
    return hashFunction(F, Ctx, Scratch);
  }
  Encoding encode(const llvm::Function &F) const {
    Encoding E;
    EncoderScratch Scratch;
    encodeFunction(F, Ctx, E, Scratch);
    return E;
  }

  GlobalNumbering Globals;
  AnnotationPolicy Policy;
  EncodingContext Ctx{Globals, Policy};
};

inline int sign(int V) { return (V > 0) - (V < 0); }

/// Prints M as `opt -S` would.
inline std::string printModule(const llvm::Module &M) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  return Text;
}

/// Runs the merger with the verifier on; fails the test when it reports an
/// error.
inline std::optional<MergeResult> merge(llvm::Module &M, MergeOptions Opts,
                                        TaskRunner &Runner) {
  Opts.Verify = true;
  llvm::Expected<MergeResult> R = mergeModule(M, Opts, Runner);
  if (!R) {
    ADD_FAILURE() << "mergeModule failed: " << llvm::toString(R.takeError());
    return std::nullopt;
  }
  return std::move(*R);
}

inline std::optional<MergeResult> merge(llvm::Module &M) {
  return merge(M, MergeOptions(), serialRunner());
}

/// Text of F alone, for readable failure messages and exact checks.
inline std::string printFunction(const llvm::Function &F) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  F.print(OS);
  return Text;
}

} // namespace lmf::test

#endif
