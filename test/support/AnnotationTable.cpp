//===- AnnotationTable.cpp - The annotation policy as tests see it --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Tests need to know which differences the merger sees through: a fuzzer
// that drops `!tbaa` from a clone expects the clone to stay equal, an oracle
// that checks a folded body must know which facts the body may keep, and a
// generator that renders a function "without its annotations" must know
// which parts are annotations. When each of them kept its own list, the
// lists drifted apart (one had `!prof`, another `!callees`, none had
// `!captures`), and a drifted list makes a test wrong in silence: it either
// stops covering a kind or expects the wrong outcome.
//
// So there is one list, here, and a unit test (AnnotationTableTest.cpp) that
// holds it to core/equality/AnnotationPolicy.cpp in both directions: every entry has
// the role the policy gives it, and every kind the policy does not compare
// is an entry. The table is written out rather than computed from the
// policy on purpose: it is the tests' independent statement of what the
// merger promises, and the unit test is where the two meet.
//
// The order of the metadata and attribute lists is the order in which the
// fuzzers' mutator collects places, so reordering them changes what a given
// seed produces; new entries are appended.
//
//===----------------------------------------------------------------------===//

#include "test/support/AnnotationTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace lmf::testsupport {
namespace {

using R = Role;
using LC = LLVMContext;

const MetadataEntry InstructionMetadata[] = {
    {LC::MD_tbaa, "tbaa", R::Intersectable},
    {LC::MD_tbaa_struct, "tbaa.struct", R::Intersectable},
    {LC::MD_range, "range", R::Intersectable},
    {LC::MD_nonnull, "nonnull", R::Intersectable},
    {LC::MD_noundef, "noundef", R::Intersectable},
    {LC::MD_align, "align", R::Intersectable},
    {LC::MD_dereferenceable, "dereferenceable", R::Intersectable},
    {LC::MD_dereferenceable_or_null, "dereferenceable_or_null",
     R::Intersectable},
    {LC::MD_noalias, "noalias", R::Intersectable},
    {LC::MD_alias_scope, "alias.scope", R::Intersectable},
    {LC::MD_invariant_load, "invariant.load", R::Intersectable},
    {LC::MD_access_group, "llvm.access.group", R::Intersectable},
    {LC::MD_loop, "llvm.loop", R::Intersectable},
    {LC::MD_prof, "prof", R::Ignored},
    {LC::MD_fpmath, "fpmath", R::Intersectable},
    {LC::MD_annotation, "annotation", R::Ignored},
    {LC::MD_mem_parallel_loop_access, "llvm.mem.parallel_loop_access",
     R::Intersectable},
    {LC::MD_noalias_addrspace, "noalias.addrspace", R::Intersectable},
    {LC::MD_make_implicit, "make.implicit", R::Intersectable},
    {LC::MD_callees, "callees", R::Intersectable},
    {LC::MD_callback, "callback", R::Intersectable},
    {LC::MD_nofree, "nofree", R::Intersectable},
    {LC::MD_captures, "captures", R::Intersectable},
    {LC::MD_dbg, "dbg", R::Ignored},
    {LC::MD_DIAssignID, "DIAssignID", R::Ignored},
    {LC::MD_irr_loop, "irr_loop", R::Ignored},
    {LC::MD_unpredictable, "unpredictable", R::Ignored},
    {LC::MD_memprof, "memprof", R::Ignored},
    {LC::MD_callsite, "callsite", R::Ignored},
};

/// Inline assembly source locations and the types of heap allocation
/// sites: diagnostics and debug info.
const StringRef IgnoredCustomInstructionMetadata[] = {"srcloc",
                                                      "heapallocsite"};

const MetadataEntry FunctionMetadata[] = {
    {LC::MD_dbg, "dbg", R::Ignored},
    {LC::MD_prof, "prof", R::Ignored},
    {LC::MD_section_prefix, "section_prefix", R::Ignored},
    {LC::MD_annotation, "annotation", R::Ignored},
};

using A = Attribute;
using M = AttrMerge;

const AttributeEntry FunctionAttributes[] = {
    {A::NoUnwind, M::Drop},
    {A::WillReturn, M::Drop},
    {A::NoSync, M::Drop},
    {A::NoFree, M::Drop},
    {A::NoRecurse, M::Drop},
    {A::MustProgress, M::Drop},
    {A::Memory, M::Custom},
    {A::Cold, M::Drop},
    {A::Hot, M::Drop},
    {A::InlineHint, M::Drop},
    {A::NoCallback, M::Drop},
    {A::NoCreateUndefOrPoison, M::Drop},
    {A::NoDivergenceSource, M::Drop},
    {A::NoReturn, M::Drop},
    {A::Speculatable, M::Drop},
};

const AttributeEntry ValueAttributes[] = {
    {A::NonNull, M::Drop},
    {A::NoUndef, M::Drop},
    {A::Dereferenceable, M::Min},
    {A::DereferenceableOrNull, M::Min},
    {A::NoAlias, M::Drop},
    {A::Captures, M::Custom},
    {A::ReadOnly, M::Drop},
    {A::WriteOnly, M::Drop},
    {A::ReadNone, M::Drop},
    {A::Range, M::Custom},
    {A::NoFPClass, M::Custom},
    {A::NoFree, M::Drop},
    // LLVM merges `align` with its own code, which takes the minimum.
    {A::Alignment, M::Min},
    {A::Returned, M::Drop},
    {A::AllocAlign, M::Drop},
    {A::AllocatedPointer, M::Drop},
    {A::DeadOnReturn, M::Drop},
    {A::DeadOnUnwind, M::Drop},
    {A::Writable, M::Drop},
};

const FlagEntry InstructionFlags[] = {
    {Flag::NUW, "nuw", "nuw"},
    {Flag::NSW, "nsw", "nsw"},
    {Flag::Exact, "exact", "exact"},
    {Flag::Disjoint, "disjoint", "disjoint"},
    {Flag::NNeg, "nneg", "nneg"},
    {Flag::SameSign, "samesign", "samesign"},
    {Flag::GEPInBounds, "inbounds", "inbounds"},
    {Flag::GEPNUSW, "nusw", "nusw"},
    {Flag::GEPNUW, "gep nuw", "nuw"},
    {Flag::FReassoc, "reassoc", "reassoc"},
    {Flag::FNNaN, "nnan", "nnan"},
    {Flag::FNInf, "ninf", "ninf"},
    {Flag::FNSZ, "nsz", "nsz"},
    {Flag::FArcp, "arcp", "arcp"},
    {Flag::FContract, "contract", "contract"},
    {Flag::FAfn, "afn", "afn"},
};

const Attribute::AttrKind AlignmentABIAttributes[] = {
    A::ByVal, A::ByRef, A::InAlloca, A::Preallocated};

const MetadataEntry *findMetadata(ArrayRef<MetadataEntry> Table,
                                  unsigned Kind) {
  for (const MetadataEntry &E : Table)
    if (E.Kind == Kind)
      return &E;
  return nullptr;
}

Role attributeRole(ArrayRef<AttributeEntry> Table, Attribute::AttrKind Kind) {
  return any_of(Table, [&](const AttributeEntry &E) { return E.Kind == Kind; })
             ? Role::Intersectable
             : Role::MustMatch;
}

/// The name of a fixed metadata kind, from a context of its own: kinds
/// that must match are not in the table.
std::string metadataKindName(unsigned Kind) {
  LLVMContext Ctx;
  SmallVector<StringRef, 64> Names;
  Ctx.getMDKindNames(Names);
  return Kind < Names.size() ? Names[Kind].str()
                             : "<kind " + std::to_string(Kind) + ">";
}

} // namespace

StringRef roleName(Role R) {
  switch (R) {
  case Role::Ignored:
    return "ignored";
  case Role::Intersectable:
    return "intersectable";
  case Role::MustMatch:
    return "must match";
  }
  llvm_unreachable("unknown role");
}

ArrayRef<MetadataEntry> instructionMetadata() { return InstructionMetadata; }
ArrayRef<StringRef> ignoredCustomInstructionMetadata() {
  return IgnoredCustomInstructionMetadata;
}
ArrayRef<MetadataEntry> functionMetadata() { return FunctionMetadata; }
ArrayRef<AttributeEntry> functionAttributes() { return FunctionAttributes; }
ArrayRef<AttributeEntry> valueAttributes() { return ValueAttributes; }
ArrayRef<FlagEntry> instructionFlags() { return InstructionFlags; }
ArrayRef<Attribute::AttrKind> alignmentABIAttributes() {
  return AlignmentABIAttributes;
}

Role instructionMetadataRole(unsigned Kind) {
  const MetadataEntry *E = findMetadata(InstructionMetadata, Kind);
  return E ? E->R : Role::MustMatch;
}

Role functionMetadataRole(unsigned Kind, bool TypeTestsLive) {
  // `!type` feeds the type tests (CFI, devirtualization); once none is
  // left, it no longer affects code.
  if (Kind == LLVMContext::MD_type && !TypeTestsLive)
    return Role::Ignored;
  const MetadataEntry *E = findMetadata(FunctionMetadata, Kind);
  return E ? E->R : Role::MustMatch;
}

Role functionAttributeRole(Attribute::AttrKind Kind) {
  return attributeRole(FunctionAttributes, Kind);
}

Role valueAttributeRole(Attribute::AttrKind Kind) {
  return attributeRole(ValueAttributes, Kind);
}

const FlagEntry &flagEntry(Flag F) {
  return InstructionFlags[static_cast<unsigned>(F)];
}

bool alignmentIsABI(AttributeSet Set) {
  return any_of(AlignmentABIAttributes, [&](Attribute::AttrKind Kind) {
    return Set.hasAttribute(Kind);
  });
}

Role roleOf(Annotation An) {
  switch (An.Where) {
  case Annotation::Place::InstructionFlag:
    return Role::Intersectable;
  case Annotation::Place::InstructionMetadata:
    return instructionMetadataRole(An.Id);
  case Annotation::Place::FunctionAttribute:
    return functionAttributeRole(Attribute::AttrKind(An.Id));
  case Annotation::Place::ValueAttribute:
    return valueAttributeRole(Attribute::AttrKind(An.Id));
  }
  llvm_unreachable("unknown place");
}

std::string describe(Annotation An) {
  switch (An.Where) {
  case Annotation::Place::InstructionFlag:
    return (Twine("flag ") + flagEntry(Flag(An.Id)).Name).str();
  case Annotation::Place::InstructionMetadata:
    return "instruction metadata !" + metadataKindName(An.Id);
  case Annotation::Place::FunctionAttribute:
    return ("function attribute " +
            Attribute::getNameFromAttrKind(Attribute::AttrKind(An.Id)))
        .str();
  case Annotation::Place::ValueAttribute:
    return ("parameter or return attribute " +
            Attribute::getNameFromAttrKind(Attribute::AttrKind(An.Id)))
        .str();
  }
  llvm_unreachable("unknown place");
}

void requireMayDiffer(ArrayRef<Annotation> Annotations, bool MayDiffer,
                      StringRef User) {
  for (Annotation An : Annotations) {
    if (mayDiffer(An) == MayDiffer)
      continue;
    report_fatal_error(Twine(User) + " expects functions that differ in " +
                       describe(An) + (MayDiffer ? " to" : " not to") +
                       " fold, but test/support/AnnotationTable.cpp calls it " +
                       roleName(roleOf(An)));
  }
}

} // namespace lmf::testsupport
