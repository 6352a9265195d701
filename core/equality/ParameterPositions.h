//===- ParameterPositions.h - Operands that may become parameters -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Similar merging (SimilarMerge.h) lets functions differ at some operand
// positions: the constant there becomes an argument of the shared body. This
// header says which positions and which constants qualify, and which
// functions may take part at all.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_PARAMETERPOSITIONS_H
#define LMF_CORE_EQUALITY_PARAMETERPOSITIONS_H

#include "llvm/ADT/StringRef.h"

#include <mutex>

namespace llvm {
class CallBase;
class Constant;
class Function;
class Module;
class Use;
} // namespace llvm

namespace lmf {

/// True when the operand U may be passed in as a parameter of a shared body
/// instead of being written into it: a constant of a parameter kind (see
/// isParameterConstant) used as the address of a load, the value or address
/// of a store, or an argument of a call or invoke that is neither an
/// intrinsic nor inline assembly and passes it plainly (no ABI attribute).
bool isParameterPosition(const llvm::Use &U);

/// True when the operand U is an integer constant of an operation that code
/// generation treats alike whether the constant is written into it or comes
/// in a register (SimilarOptions::Integers): an operand of an integer
/// compare, `add`, `sub`, `and`, `or` or `xor`, a value of a `select`, an
/// incoming value of a phi, or an array index of a `getelementptr` whose
/// element size an addressing mode can scale (1, 2, 4 or 8 bytes). Never a
/// divisor, a shift amount, a multiplier, a structure or vector index, or an
/// `and` mask that selects the low 8, 16 or 32 bits (a zero extension).
/// The element size of an aggregate is asked of DataLayout under
/// LayoutLock, which every thread asking about this module at once must
/// share (EncodingContext::LayoutLock).
bool isIntegerOperandPosition(const llvm::Use &U, std::mutex &LayoutLock);

/// True when M's indirect calls are protected: indirect-branch tracking
/// (`-fcf-protection=branch`: every target gets an `endbr64`) or
/// control-flow integrity of indirect calls (`-fsanitize=cfi-icall`,
/// `-fsanitize=kcfi`). New indirect calls would then add targets, or calls
/// that no check covers, so callee positions are not used there.
bool protectsIndirectCalls(const llvm::Module &M);

/// True when the callee of CB may be passed in as a parameter, turning the
/// direct call into an indirect one: a function other than Caller itself
/// (recursion stays recursion), not an intrinsic, called without operand
/// bundles and not through inline assembly.
bool isCalleeParameterPosition(const llvm::CallBase &CB,
                               const llvm::Function &Caller);

/// True for constants a caller can pass in a register with the same meaning:
/// integers up to 64 bits, `float` and `double`, null and the addresses of
/// globals and functions (not thread-local ones), and constant expressions
/// over those. Never `undef`/`poison`, `blockaddress`,
/// `dso_local_equivalent`, `no_cfi` or signed pointers, whose meaning is tied
/// to where they are written.
bool isParameterConstant(const llvm::Constant &C);

/// Why F cannot take part in similar merging beyond the rules of identical
/// merging (isEligible), or "" when it can: gaining parameters must be
/// possible without changing F's ABI or what its body relies on.
llvm::StringRef similarIneligibilityReason(const llvm::Function &F);

} // namespace lmf

#endif
