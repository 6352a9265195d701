//===- StructuralEncoding.h - A function as a token list --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each candidate function is written as a list of 64-bit tokens that captures
// everything that decides what the function does and nothing else. Two
// functions are equal exactly when their lists are equal; the hash is XXH3 of
// the list and the total order is the lexicographic order of the lists.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_STRUCTURALENCODING_H
#define LMF_CORE_EQUALITY_STRUCTURALENCODING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace llvm {
class Function;
class Use;
class Value;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class CrossModuleReferences;
class GlobalNumbering;

using Encoding = std::vector<uint64_t>;

namespace encoding {
struct EncoderBuffers;
} // namespace encoding

/// The buffers an encoder reuses from one function to the next (value
/// numbers, block order, metadata lists): encoding runs over every function
/// of the module, and allocating them anew each time costs more than filling
/// them. One scratch serves one thread at a time: a phase that encodes on a
/// TaskRunner allocates one per worker and hands each task its worker's
/// (TaskRunner.h); a serial phase keeps one of its own.
class EncoderScratch {
public:
  EncoderScratch();
  EncoderScratch(EncoderScratch &&);
  EncoderScratch &operator=(EncoderScratch &&);
  ~EncoderScratch();

  encoding::EncoderBuffers &buffers() { return *Buffers; }

private:
  std::unique_ptr<encoding::EncoderBuffers> Buffers;
};

/// A candidate function's number: its position in module order. Tables
/// indexed by candidate, classes, and the class ids written into encodings
/// (a class is named after its first member) all use it.
using CandidateId = uint32_t;

/// The class of each function that may be referred to by class.
using ClassTable = llvm::DenseMap<const llvm::Function *, CandidateId>;

/// What the encoder may read besides the function itself. Everything here is
/// immutable while encoders run on several threads, except LayoutLock.
struct EncodingContext {
  const GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  /// When set, a direct call to a function in this table (the encoded
  /// function itself included) is encoded by the function's equivalence
  /// class instead of its identity (partition refinement). Without it, self
  /// calls are encoded as "self". Class ids go at the end of the encoding,
  /// after the skeleton (see encodeSkeleton).
  const ClassTable *CalleeClasses = nullptr;
  /// When set, any other reference to a function in this table, except the
  /// encoded function's own address, is encoded by its class.
  const ClassTable *AddressClasses = nullptr;
  /// Similar merging: every operand at a parameter position (see
  /// ParameterPositions.h) is written as a wildcard of its type, so that
  /// functions differing only there encode alike.
  bool ParameterWildcards = false;
  /// With ParameterWildcards: direct callees are parameter positions too
  /// (isCalleeParameterPosition).
  bool CalleeWildcards = false;
  /// With ParameterWildcards: integer constants of compares, simple
  /// arithmetic, selects, phis and array indices are parameter positions
  /// too (isIntegerOperandPosition).
  bool IntegerWildcards = false;
  /// When set, the encoding compares with encodings of other modules' functions
  /// (a ThinLTO link): globals, metadata kinds and sync scopes are written by
  /// what they are, not by this module's numbers (CrossModuleReferences.h).
  const CrossModuleReferences *CrossModule = nullptr;
  /// When set, a function whose body reads no argument
  /// (hasArgumentFreeBody) is written with its return type alone, so that
  /// twins with other parameter lists encode alike. Only for planners that
  /// give such a class a shared body with no parameters and rewrite the
  /// calls (cross-module folding, CrossModuleRewriter.cpp).
  bool ArgumentFreeSignatures = false;
  /// The one lock of core/. With IntegerWildcards, the encoder asks
  /// DataLayout for the stride of array elements, and DataLayout fills its
  /// cache of structure layouts on first use without locking; questions
  /// about aggregates take this lock (isIntegerOperandPosition). Copies of a
  /// context share it, so contexts derived from one (partition refinement's
  /// adds its class tables) may encode the same module at once.
  std::shared_ptr<std::mutex> LayoutLock = std::make_shared<std::mutex>();
};

/// Replaces Skeleton with the encoding of F in which every reference
/// compared by class is a placeholder, and ClassIds with the class ids of
/// those references in order, as the context's tables give them. The
/// skeleton does not depend on the class ids, only on which functions have
/// one, so partition refinement encodes each function once.
void encodeSkeleton(const llvm::Function &F, const EncodingContext &Ctx,
                    Encoding &Skeleton, std::vector<CandidateId> &ClassIds,
                    EncoderScratch &Scratch);

/// Appends the class ids of a skeleton's references to Out.
void appendClassReferences(llvm::ArrayRef<CandidateId> ClassIds, Encoding &Out);

/// Replaces Out with the full encoding of F: its skeleton followed by the
/// class ids of its class references. F must be a definition.
void encodeFunction(const llvm::Function &F, const EncodingContext &Ctx,
                    Encoding &Out, EncoderScratch &Scratch);

/// Replaces Out with the encoding of F under a context with
/// ParameterWildcards set, and, when Positions is given, replaces it with
/// the operands written as wildcards, in encoding order: two functions with
/// equal encodings have their positions at the same places.
void encodeWithParameterWildcards(
    const llvm::Function &F, const EncodingContext &Ctx, Encoding &Out,
    EncoderScratch &Scratch,
    std::vector<const llvm::Use *> *Positions = nullptr);

/// The skeleton of F (see encodeSkeleton) under a context with
/// ParameterWildcards set, with Positions replaced by the operands written
/// as wildcards, in encoding order.
void encodeSkeletonWithPositions(const llvm::Function &F,
                                 const EncodingContext &Ctx, Encoding &Skeleton,
                                 std::vector<CandidateId> &ClassIds,
                                 std::vector<const llvm::Use *> &Positions,
                                 EncoderScratch &Scratch);

/// Replaces Out with the encoding of V as an operand of F: what a parameter
/// wildcard of F's encoding stands for. Equal encodings mean equal values.
void encodeOperandValue(const llvm::Function &F, const llvm::Value &V,
                        const EncodingContext &Ctx, Encoding &Out,
                        EncoderScratch &Scratch);

} // namespace lmf

#endif
