//===- CrossModuleReferences.cpp - Encodings comparable across modules ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two functions in different modules of a ThinLTO link are twins when their
// encodings, written in cross-module form, are equal. The encoder
// (StructuralEncoding.cpp) writes everything that is the same in every
// LLVMContext as it always does: opcodes, types (named structs by layout),
// attributes by kind, constants by value. What a module's context numbers
// for itself is written by what it is:
//
//  * a global with a symbol (external, linkonce_odr, weak...) by its name:
//    the linker makes every module's reference to that name one object;
//  * a local constant whose address is not significant (a unit's copy of a
//    string literal, a constant table) by its contents: type, alignment,
//    section, initializer. Two units' copies are different objects that no
//    one can tell apart, so code reading either is the same code;
//  * any other local (a `static` variable, a local function that is not
//    compared by class) by this module's ordinal and its number: equal
//    only to itself. A twin that reads its unit's `static` state has no
//    twin in another unit;
//  * metadata kinds and sync scopes by name; their IDs beyond the fixed
//    ones depend on the order in which each context met them.
//
// Calls to, and addresses of, local functions that are themselves compared
// across modules are written by class (partition refinement), as in one
// module: the planner (CrossModulePlanner.cpp) refines over all modules.
//
//===----------------------------------------------------------------------===//

#include "core/equality/CrossModuleReferences.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

/// True for a local constant that no one can tell apart from an equal
/// copy: its address is not significant, its contents are fixed, and it is
/// not kept alive for something that might look at it.
static bool contentIsIdentity(const GlobalVariable &GV,
                              const DenseSet<const GlobalValue *> &Used) {
  return GV.hasLocalLinkage() && GV.isConstant() &&
         GV.hasDefinitiveInitializer() && GV.hasAtLeastLocalUnnamedAddr() &&
         !GV.isExternallyInitialized() && !GV.isThreadLocal() &&
         !Used.contains(&GV);
}

CrossModuleReferences::CrossModuleReferences(const Module &M, uint32_t Ordinal)
    : Ordinal(Ordinal) {
  const LLVMContext &Ctx = M.getContext();
  Ctx.getMDKindNames(MetadataKinds);
  Ctx.getSyncScopeNames(SyncScopes);
  SmallVector<GlobalValue *, 16> UsedList;
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/true);
  DenseSet<const GlobalValue *> Used(UsedList.begin(), UsedList.end());
  for (const GlobalVariable &GV : M.globals())
    if (contentIsIdentity(GV, Used))
      ByContent.insert(&GV);
}

StringRef CrossModuleReferences::metadataKindName(unsigned Kind) const {
  return Kind < MetadataKinds.size() ? MetadataKinds[Kind] : StringRef();
}

StringRef CrossModuleReferences::syncScopeName(uint8_t ID) const {
  return ID < SyncScopes.size() ? SyncScopes[ID] : StringRef();
}

} // namespace lmf
