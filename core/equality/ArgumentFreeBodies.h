//===- ArgumentFreeBodies.h - Twins across parameter lists ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_ARGUMENTFREEBODIES_H
#define LMF_CORE_EQUALITY_ARGUMENTFREEBODIES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class FunctionType;
} // namespace llvm

namespace lmf {

/// True when F's body never reads its arguments and a call that passes
/// any arguments runs it the same: F is not variadic, uses the C calling
/// convention (the caller pops what it pushed) and has no parameter whose
/// attributes change how a call passes or returns values (sret, byval,
/// inreg and the like). Such a function is equal to any function with the
/// same body and return type, whatever their parameter lists.
bool hasArgumentFreeBody(const llvm::Function &F);

/// Type's return type with no parameters: the type of the shared body of a
/// class of argument-free twins, whose members have Type.
llvm::FunctionType *argumentFreeType(llvm::FunctionType *Type);

/// Every direct call to Callee (a function with no parameters) whose type
/// differs from Callee's becomes a call of Callee's own type, with the
/// same function and return attributes, bundles and metadata, and no
/// arguments. A musttail call or a callbr keeps its type: LLVM treats a
/// call whose type differs from its callee's as an indirect call, which
/// is still right, only not inlinable.
void retypeCallsTo(llvm::Function &Callee);

/// The same, in F, for the calls whose callee is the shared body of
/// argument-free twins (named as isIdenticalSharedBodyName says, with no
/// parameters): a backend that resolves a virtual call to one, from a
/// member's virtual table, gets a call of the member's type, which
/// instcombine retypes only where the body is in the module. Returns
/// whether F changed.
bool retypeCallsToSharedBodies(llvm::Function &F);

/// Finishes Body, a function of argumentFreeType made by moving Old's body
/// into it: Old's parameter attributes, copied with the rest, go, and
/// debug records in the body that name Old's arguments name poison.
void takeNoParameters(llvm::Function &Body, llvm::Function &Old);

} // namespace lmf

#endif
