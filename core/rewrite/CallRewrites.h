//===- CallRewrites.h - Calls that pass a member's extra values -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_REWRITE_CALLREWRITES_H
#define LMF_CORE_REWRITE_CALLREWRITES_H

#include "core/rewrite/RewriteContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Attributes.h"
#include "llvm/Support/ModRef.h"

namespace llvm {
class CallBase;
class LLVMContext;
class Value;
} // namespace llvm

namespace lmf {

/// True when CB, a direct call of G through G's own type, could instead
/// call a kept body with more parameters: a call or invoke, not `musttail`
/// (whose signature must match its caller's).
bool canTakeExtraArguments(const llvm::CallBase &CB, const llvm::Function &G);

/// True when a call of G may call Body instead with its own arguments as
/// they are: G's return type and parameter types are Body's first ones,
/// type for type. Two spellings of one struct layout (`%A = {ptr, ptr}`,
/// `%B = {ptr, ptr}`), which the encoding takes as one, are not: the
/// verifier wants every call's arguments in the callee's own types, and
/// only a thunk rebuilds them (makeThunk).
bool takesArgumentsAs(const llvm::Function &G, const llvm::Function &Body);

/// The direct calls to G that could pass extra arguments, or -1 when some
/// other use needs G itself. Uses inside G do not count: its body goes.
int countRewritableCalls(const llvm::Function &G);

/// ME, letting argument memory be accessed as Access says besides.
llvm::MemoryEffects widenArgumentMemory(llvm::MemoryEffects ME,
                                        llvm::ModRefInfo Access);

/// Replaces CB, a direct call or invoke, by one of Callee with CB's
/// arguments followed by Extra, and returns it; attributes, bundles,
/// metadata, calling convention and tail-call kind carry over, and a
/// `memory` attribute of the call lets argument memory be accessed as
/// Access says (Callee accesses memory that way through Extra).
llvm::CallBase *callWithExtraArguments(llvm::CallBase &CB,
                                       llvm::Function &Callee,
                                       llvm::ArrayRef<llvm::Value *> Extra,
                                       llvm::ModRefInfo Access);

/// Calls Body, passing Extra after G's arguments, instead of G from every
/// other function (a call Body cannot take stays), then deletes G if
/// nothing else refers to it. Returns false, with G's body gone, when
/// something still does, and false with nothing changed when Body does not
/// take G's arguments as they are (takesArgumentsAs): G must become a
/// thunk. The similar and the
/// aligned stage rewrite their members' callers with it.
bool rewriteCallsAndErase(llvm::Function &G, llvm::Function &Body,
                          llvm::ArrayRef<llvm::Value *> Extra,
                          llvm::ModRefInfo Access, RewriteContext &Ctx);

} // namespace lmf

#endif
