//===- CrossModuleAnnotations.h - Facts twins share -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_CROSSMODULEANNOTATIONS_H
#define LMF_CORE_CROSSMODULE_CROSSMODULEANNOTATIONS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class Function;
class Metadata;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;

/// One optimizer fact of a function (an annotation AnnotationPolicy calls
/// intersectable), written so that it compares with the same fact of a twin
/// in another module.
struct AnnotationFact {
  enum FactKind : uint8_t { Alignment, Attribute, Flags, Metadata };
  /// 0: the function itself; I + 1: its I-th instruction in walk order.
  uint32_t Site = 0;
  FactKind Kind = Attribute;
  /// Attribute: the slot (0 function, 1 return value, 2 + N argument N).
  uint32_t Slot = 0;
  /// Attribute: its kind; Metadata: the (fixed) metadata kind.
  uint32_t Code = 0;
  /// Compared exactly: the attribute or metadata as written.
  std::string Text;
  /// Alignment, instruction flags, or the integer of an attribute or
  /// metadata that intersects by its minimum.
  uint64_t Number = 0;

  auto key() const { return std::make_tuple(Site, Kind, Slot, Code); }
};

/// MD written so that equal text means equal metadata in any context;
/// references to local values carry ModuleOrdinal.
std::string describeMetadata(const llvm::Metadata *MD, uint32_t ModuleOrdinal);

/// A function's facts, ordered by key; keys are unique.
using AnnotationFacts = std::vector<AnnotationFact>;

/// The intersectable annotations of F: its attributes and alignment, and
/// every instruction's poison and fast-math flags, intersectable metadata
/// and call-site attributes. ModuleOrdinal keeps metadata that names a
/// module's local values from ever comparing equal to another module's.
/// Without ParameterFacts, F's own parameter attributes are left out: the
/// shared body of argument-free twins has no parameters
/// (ArgumentFreeBodies.h).
AnnotationFacts collectAnnotationFacts(const llvm::Function &F,
                                       const AnnotationPolicy &Policy,
                                       uint32_t ModuleOrdinal,
                                       bool ParameterFacts = true);

/// What holds for every one of Members (functions whose encodings are
/// equal): a fact all have with one value; for flags their intersection,
/// for dereferenceability and alignment facts the minimum; and the largest
/// alignment any member asks for.
AnnotationFacts meetOfFacts(llvm::ArrayRef<const AnnotationFacts *> Members);

/// Weakens F (a member of the class Meet was computed for, or a copy of
/// one) until its facts are Meet: facts Meet lacks are dropped, others take
/// Meet's value. Returns false, with F only partly weakened, when F's
/// facts do not line up with Meet (F is not from such a class).
bool applyFactMeet(llvm::Function &F, const AnnotationFacts &Meet,
                   const AnnotationPolicy &Policy, uint32_t ModuleOrdinal);

} // namespace lmf

#endif
