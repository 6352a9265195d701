//===- AnnotationTable.h - Annotation policy for tests ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the merger promises about IR annotations, written down once for all
// test code: the fuzzers' mutator and oracles, the unit tests' generator and
// the benchmark's module generator. core/equality/AnnotationPolicy.h is the
// implementation; AnnotationTableTest.cpp checks that the two agree.
//
// The table lists every annotation that two foldable functions may disagree
// on: instruction metadata that is ignored or intersected, function metadata
// that is ignored, attributes that are intersected, and instruction flags.
// Everything it does not list must match.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_SUPPORT_ANNOTATIONTABLE_H
#define LMF_TEST_SUPPORT_ANNOTATIONTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Attributes.h"

#include <string>

namespace lmf::testsupport {

/// How the merger treats two functions that differ in an annotation.
enum class Role {
  /// Not compared; the survivor keeps its own (debug and profile data).
  Ignored,
  /// Not compared; the survivor keeps what holds for every folded member.
  Intersectable,
  /// Compared like code: functions that differ in it are not folded.
  MustMatch,
};

llvm::StringRef roleName(Role R);

/// A metadata kind fixed by LLVM (LLVMContext::MD_*) and its role.
struct MetadataEntry {
  unsigned Kind;
  /// The kind's name as the IR spells it after `!`.
  const char *Name;
  Role R;
};

/// How LLVM's AttributeList::intersectWith merges an intersectable
/// attribute of two functions.
enum class AttrMerge {
  /// Kept only when both have it.
  Drop,
  /// Kept with the smaller value (dereferenceable, align).
  Min,
  /// A union or intersection of its own (range, memory, nofpclass,
  /// captures): the merged value is weaker, but not smaller as an integer.
  Custom,
};

struct AttributeEntry {
  llvm::Attribute::AttrKind Kind;
  AttrMerge Merge;
};

/// Poison-generating and fast-math flags of instructions.
enum class Flag : unsigned {
  NUW,
  NSW,
  Exact,
  Disjoint,
  NNeg,
  SameSign,
  GEPInBounds,
  GEPNUSW,
  GEPNUW,
  FReassoc,
  FNNaN,
  FNInf,
  FNSZ,
  FArcp,
  FContract,
  FAfn,
};

struct FlagEntry {
  Flag F;
  /// Unique, for messages: "nuw" of a GEP is "gep nuw".
  const char *Name;
  /// As the IR spells it.
  const char *Keyword;
};

/// Instruction metadata kinds that are not compared: Ignored or
/// Intersectable. The fuzzers' mutator picks places in this order, so a new
/// entry goes at the end of its group to keep what a seed produces.
llvm::ArrayRef<MetadataEntry> instructionMetadata();

/// Instruction metadata kinds that LLVM does not fix (their IDs are per
/// context) and that are ignored.
llvm::ArrayRef<llvm::StringRef> ignoredCustomInstructionMetadata();

/// Function metadata kinds that are ignored. `!type` is ignored too once
/// the module has no live type test (functionMetadataRole).
llvm::ArrayRef<MetadataEntry> functionMetadata();

/// Intersectable function attributes; every other enum attribute, and every
/// string attribute, must match. In the mutator's order, as above.
llvm::ArrayRef<AttributeEntry> functionAttributes();

/// Intersectable attributes of return values and parameters, likewise.
llvm::ArrayRef<AttributeEntry> valueAttributes();

/// Every flag; the merger intersects them all. In Flag order.
llvm::ArrayRef<FlagEntry> instructionFlags();

/// Attributes that make the `align` of the same parameter part of the ABI
/// (where the callee finds its copy): with one of them, `align` must match.
llvm::ArrayRef<llvm::Attribute::AttrKind> alignmentABIAttributes();

Role instructionMetadataRole(unsigned Kind);
Role functionMetadataRole(unsigned Kind, bool TypeTestsLive);
Role functionAttributeRole(llvm::Attribute::AttrKind Kind);
Role valueAttributeRole(llvm::Attribute::AttrKind Kind);
const FlagEntry &flagEntry(Flag F);
/// Whether `align` in Set must match.
bool alignmentIsABI(llvm::AttributeSet Set);

/// One annotation, wherever it sits, for code that declares which
/// annotations it varies.
struct Annotation {
  enum class Place {
    InstructionFlag,
    InstructionMetadata,
    FunctionAttribute,
    ValueAttribute,
  };
  Place Where;
  unsigned Id;

  static Annotation flag(Flag F) {
    return {Place::InstructionFlag, static_cast<unsigned>(F)};
  }
  static Annotation instructionMetadata(unsigned Kind) {
    return {Place::InstructionMetadata, Kind};
  }
  static Annotation functionAttribute(llvm::Attribute::AttrKind Kind) {
    return {Place::FunctionAttribute, Kind};
  }
  static Annotation valueAttribute(llvm::Attribute::AttrKind Kind) {
    return {Place::ValueAttribute, Kind};
  }
};

Role roleOf(Annotation A);
/// Whether two functions that differ only in A may still be folded.
inline bool mayDiffer(Annotation A) { return roleOf(A) != Role::MustMatch; }
/// "flag nsw", "instruction metadata !tbaa", "parameter or return
/// attribute noundef"...
std::string describe(Annotation A);

/// Stops the program with a message naming User unless mayDiffer(A) ==
/// MayDiffer for every A in Annotations. Code that varies annotations on
/// purpose declares them this way, so that a change of the table cannot
/// silently turn its twins into non-twins, or the reverse.
void requireMayDiffer(llvm::ArrayRef<Annotation> Annotations, bool MayDiffer,
                      llvm::StringRef User);

} // namespace lmf::testsupport

#endif
