//===- BodyBuilder.h - Emit one synthetic function body ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The generated benchmark modules are made of families of functions. Every
// member of a family gets its body from the same BodySpec: the same shape
// seed and constant give the same instructions, so twins are equal by
// construction. A BodyVariant changes only annotations that a merger may
// intersect (poison flags, `inbounds`, `!tbaa`, `dereferenceable`,
// `noundef`), which LLVM's MergeFunctions treats as differences and
// lto-merge-functions does not: BodyBuilder checks each of them against the
// annotation table of the tests (test/support/AnnotationTable.h).
//
//===----------------------------------------------------------------------===//

#ifndef LMF_BENCH_BODYBUILDER_H
#define LMF_BENCH_BODYBUILDER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace llvm {
class Function;
class FunctionType;
class LLVMContext;
class MDNode;
class Module;
} // namespace llvm

namespace lmf::bench {

/// SplitMix64: tiny, fast, and the same on every platform, so a seed gives
/// the same module everywhere.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  unsigned below(unsigned N) { return static_cast<unsigned>(next() % N); }
  bool chance(unsigned Percent) { return below(100) < Percent; }

private:
  uint64_t State;
};

/// Intersectable differences from the family's canonical body.
struct BodyVariant {
  bool DropPoisonFlags = false;
  bool DropInbounds = false;
  bool AltTBAA = false;
  unsigned Dereferenceable = 64;
  bool DropNoundef = false;
};

struct BodySpec {
  /// Seeds the sequence of instructions.
  uint64_t Shape = 0;
  /// Distinguishes families whose shapes happen to coincide.
  uint64_t Constant = 0;
  /// Number of instructions in the straight-line middle part.
  unsigned Length = 8;
  /// Called in order, each with (%p, <some value>).
  llvm::ArrayRef<llvm::Function *> Callees;
  /// Calls to the first callee happen only when %n is not zero, which makes
  /// mutual recursion terminate.
  bool GuardFirstCall = false;
  BodyVariant Variant;
};

/// Emits bodies for functions of type `i64 (ptr, i64)`.
class BodyBuilder {
public:
  explicit BodyBuilder(llvm::Module &M);

  /// The one function type every generated function has.
  llvm::FunctionType *functionType() const { return FnTy; }

  /// Fills the empty definition F from Spec.
  void build(llvm::Function &F, const BodySpec &Spec);

private:
  llvm::LLVMContext &Ctx;
  llvm::FunctionType *FnTy;
  llvm::MDNode *LongTag = nullptr;
  llvm::MDNode *AltTag = nullptr;
};

} // namespace lmf::bench

#endif
