//===- AnnotationPolicy.cpp - Which annotations make functions differ -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most pairs of functions that lld's ICF folds but LLVM's MergeFunctions does
// not are the same code with different optimizer facts attached: a
// `dereferenceable(48)` parameter against a `dereferenceable(12)` one, a
// `!tbaa` tag, an `nsw` flag. Such facts never change the machine code of the
// body, only what the optimizer may assume, so dropping them is always
// correct. We therefore treat them as intersectable: they do not make two
// functions different, and the kept member keeps what holds for all members.
//
// Everything else must match. That includes every attribute LLVM itself
// declares "must preserve" when it intersects attribute lists (the ABI
// attributes byval, sret, inalloca, preallocated, zeroext, signext, inreg,
// swifterror, swiftself, ...), all string attributes (target features, frame
// pointer policy) and metadata kinds we do not know: an unknown kind might
// carry semantics, so it is compared like code.
//
//===----------------------------------------------------------------------===//

#include "core/equality/AnnotationPolicy.h"

#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <array>

using namespace llvm;

namespace lmf {

/// `!type` on functions feeds LowerTypeTests (CFI jump tables, whole
/// program devirtualization). Once no type test is left in the module, it
/// has done its job and no longer affects code.
static bool hasLiveTypeTests(const Module &M) {
  for (const Function &F : M) {
    switch (F.getIntrinsicID()) {
    case Intrinsic::type_test:
    case Intrinsic::public_type_test:
    case Intrinsic::type_checked_load:
    case Intrinsic::type_checked_load_relative:
      if (!F.use_empty())
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

AnnotationPolicy::AnnotationPolicy(const Module &M, bool TypeTestsMayBeLive)
    : TypeMetadataLive(TypeTestsMayBeLive || hasLiveTypeTests(M)) {
  const LLVMContext &Ctx = M.getContext();
  // Kinds that are not fixed get their IDs when first used; look them up
  // without creating them, so that building a policy never changes the
  // context.
  SmallVector<StringRef, 64> Names;
  Ctx.getMDKindNames(Names);
  for (unsigned ID = 0; ID < Names.size(); ++ID)
    if (Names[ID] == "srcloc" || Names[ID] == "heapallocsite")
      IgnoredCustomKinds.push_back(ID);
}

MetadataRole AnnotationPolicy::instructionMetadataRole(unsigned KindID) const {
  if (llvm::is_contained(IgnoredCustomKinds, KindID))
    return MetadataRole::Ignored;
  switch (KindID) {
  // Debug and profile data, diagnostics, annotations: no semantics.
  case LLVMContext::MD_dbg:
  case LLVMContext::MD_prof:
  case LLVMContext::MD_annotation:
  case LLVMContext::MD_DIAssignID:
  case LLVMContext::MD_irr_loop:
  case LLVMContext::MD_unpredictable:
  case LLVMContext::MD_memprof:
  case LLVMContext::MD_callsite:
    return MetadataRole::Ignored;
  // Facts the optimizer may drop at any time.
  case LLVMContext::MD_tbaa:
  case LLVMContext::MD_tbaa_struct:
  case LLVMContext::MD_range:
  case LLVMContext::MD_nonnull:
  case LLVMContext::MD_noundef:
  case LLVMContext::MD_align:
  case LLVMContext::MD_dereferenceable:
  case LLVMContext::MD_dereferenceable_or_null:
  case LLVMContext::MD_noalias:
  case LLVMContext::MD_alias_scope:
  case LLVMContext::MD_invariant_load:
  case LLVMContext::MD_access_group:
  case LLVMContext::MD_mem_parallel_loop_access:
  case LLVMContext::MD_fpmath:
  case LLVMContext::MD_noalias_addrspace:
  case LLVMContext::MD_make_implicit:
  // Loop properties (mustprogress) and possible callees are facts too: a
  // twin's loop ID or callee list is never the kept member's, so they are
  // dropped unless identical.
  case LLVMContext::MD_loop:
  case LLVMContext::MD_callees:
  case LLVMContext::MD_callback:
  case LLVMContext::MD_nofree:
  case LLVMContext::MD_captures:
    return MetadataRole::Intersectable;
  default:
    return MetadataRole::MustMatch;
  }
}

MetadataRole AnnotationPolicy::functionMetadataRole(unsigned KindID) const {
  if (KindID == LLVMContext::MD_type && !TypeMetadataLive)
    return MetadataRole::Ignored;
  switch (KindID) {
  case LLVMContext::MD_dbg:
  case LLVMContext::MD_prof:
  case LLVMContext::MD_section_prefix:
  case LLVMContext::MD_annotation:
    return MetadataRole::Ignored;
  default:
    // !type, !kcfi_type, !func_sanitize and anything unknown.
    return MetadataRole::MustMatch;
  }
}

bool attributeMustMatch(const Attribute &A) {
  if (A.isStringAttribute())
    return true;
  // One table for all kinds, filled once: this runs for every attribute of
  // every call site.
  static const auto MustPreserve = [] {
    std::array<bool, Attribute::EndAttrKinds> Table{};
    for (unsigned K = Attribute::None + 1; K < Attribute::EndAttrKinds; ++K)
      Table[K] = Attribute::intersectMustPreserve(Attribute::AttrKind(K));
    return Table;
  }();
  return MustPreserve[A.getKindAsEnum()];
}

} // namespace lmf
