//===- FunctionRewrites.h - Move a body, make a thunk, erase ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_REWRITE_FUNCTIONREWRITES_H
#define LMF_CORE_REWRITE_FUNCTIONREWRITES_H

#include "core/rewrite/RewriteContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/GlobalValue.h"

namespace llvm {
class CallBase;
class FunctionType;
class Twine;
class Value;
} // namespace llvm

namespace lmf {

/// Moves F's body, arguments, metadata and debug subprogram into a new
/// function of the given type, linkage and name (MergeNames.h; LLVM makes
/// a name that is taken in the module unique), placed right after F;
/// Type's parameters start with F's. F keeps a copy of its subprogram and
/// no body.
llvm::Function *moveBodyToNewFunction(llvm::Function &F,
                                      llvm::FunctionType *Type,
                                      llvm::GlobalValue::LinkageTypes Linkage,
                                      const llvm::Twine &Name,
                                      RewriteContext &Ctx);

/// Replaces G's body with a tail call to Body, passing G's arguments and
/// then ExtraArgs; nothing when Body has no parameters (the shared body of
/// argument-free twins).
void makeThunk(llvm::Function &G, llvm::Function &Body,
               llvm::ArrayRef<llvm::Value *> ExtraArgs = {});

/// The calls and invokes that call G directly, through G's own type.
llvm::SmallVector<llvm::CallBase *, 8> directCallsTo(llvm::Function &G);

/// Gives a call into a function with debug info, from a function with debug
/// info, a line-0 location if it has none (the verifier requires one).
void ensureCallLocation(llvm::CallBase &CB, const llvm::Function &Callee);

/// Deletes G's blocks; G keeps its symbol, attributes and metadata.
void dropBody(llvm::Function &G);

/// True when nothing but G itself uses G and its linkage lets it go when
/// unused (linkonce, local): the unit of every caller brings its own copy.
bool discardableAndUnused(const llvm::Function &G);

/// Deletes G, which must have no uses, and forgets it everywhere.
void eraseFunction(llvm::Function &G, RewriteContext &Ctx);

} // namespace lmf

#endif
