//===- Eligibility.cpp - Which functions may take part --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A single predicate decides whether a function is a merge candidate at all.
// Rules that depend on how a function would be folded (a thunk for a varargs
// function) live in the planner, because such functions may still be folded
// by replacing their uses. An entry point is different: a GPU kernel or a
// hardware shader stage is launched by name by a runtime, which finds no
// kernel behind an alias (AMDGPU emits no kernel descriptor for it, NVPTX
// refuses to build one), cannot launch a thunk that calls another kernel,
// and cannot be reached by calls at all. Every way of folding one breaks it.
//
//===----------------------------------------------------------------------===//

#include "core/equality/Eligibility.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace lmf {

/// GPU kernels and the conventions LLVM forbids calls to (AMDGPU shader
/// stages, chain functions): a runtime or an intrinsic enters them by name.
static bool isEntryPoint(const Function &F) {
  CallingConv::ID CC = F.getCallingConv();
  return CC == CallingConv::PTX_Kernel || !isCallableCC(CC);
}

StringRef ineligibilityReason(const Function &F) {
  // Only bodies can be compared.
  if (F.isDeclaration())
    return "declaration";
  // An available_externally body is a copy of code defined elsewhere, kept
  // only for inlining: it is never emitted, so folding it saves nothing and
  // would change what the copy claims to be.
  if (F.hasAvailableExternallyLinkage())
    return "available_externally";
  // LLVM IR has no `noipa`; GCC's attribute reaches it as `optnone` plus
  // `noinline`, and `optnone` is how users say "no interprocedural
  // reasoning about this function", which includes claiming it equals
  // another one.
  if (F.hasOptNone())
    return "optnone (noipa)";
  // Naked functions are raw assembly with no prologue; a thunk or alias
  // would break what the author wrote.
  if (F.hasFnAttribute(Attribute::Naked))
    return "naked";
  if (isEntryPoint(F))
    return "kernel or entry point: launched by name, never called";
  // The string attribute "lto-merge-functions-skip" is an explicit opt-out.
  if (F.hasFnAttribute("lto-merge-functions-skip"))
    return "opted out";
  // A blockaddress names a block of this very body; the body can neither be
  // deleted nor moved without breaking it.
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return "block address taken";
  // Intrinsics have no bodies, but be explicit.
  if (F.isIntrinsic())
    return "intrinsic";
  return "";
}

} // namespace lmf
