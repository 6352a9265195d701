//===- CrossModuleCandidates.h - One module's side of the plan --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_CROSSMODULECANDIDATES_H
#define LMF_CORE_CROSSMODULE_CROSSMODULECANDIDATES_H

#include "core/facts/ByteModel.h"
#include "core/crossmodule/CrossModuleAnnotations.h"
#include "core/MergeOptions.h"
#include "core/equality/StructuralEncoding.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf {

/// The linkages a function folded across modules may have. Others (weak,
/// linkonce, common...) may be replaced by another definition at link time
/// and never take part.
enum class CrossModuleLinkage : uint8_t {
  Local,
  External,
  LinkOnceODR,
  WeakODR
};

/// A function of one module that may have twins in other modules: how it
/// may be folded, and its encoding in cross-module form.
struct CrossModuleCandidate {
  std::string Name;
  CrossModuleLinkage Linkage = CrossModuleLinkage::Local;
  /// No one may compare its address: it may share one with its twins.
  bool AddressFree = false;
  /// A call to it always runs this very body (ModuleFacts.h, bodyIsFinal):
  /// calls to it may be compared by class.
  bool Final = false;
  /// Another definition that is not equivalent may take its place, at link
  /// or load time (ModuleFacts.h, mayBeReplaced): its callers must keep
  /// calling it. Copies of a linkonce_odr function are equivalent, so such
  /// a function is not final (its copies may differ in facts) but not
  /// replaceable either.
  bool Replaceable = false;
  /// It may disappear with no trace in its module: its comdat, if any,
  /// holds nothing else, and what refers to it besides code are aliases
  /// that are other names for it (C++ complete-object destructors and
  /// constructors of a class with no virtual bases are aliases of the
  /// base-object ones), which go with it.
  bool Removable = false;
  /// Those aliases' names.
  std::vector<std::string> Aliases;
  /// Every use in its module is a direct call to it (as far as the bodies
  /// read and the link's address-free functions tell): a backend that
  /// merges it with similar functions of the module can rewrite those calls
  /// and drop it, with no thunk, and its inliner may copy it into them.
  bool OnlyCalled = false;
  /// Its backend's inliner may copy it into its callers: it is not
  /// `noinline`.
  bool Inlinable = false;
  /// How many functions of its module call it (its module's summary), or
  /// -1 when that is not known.
  int32_t CallingFunctions = -1;
  /// It is on the program's fast path (ProfileFacts.h, under the link's
  /// hot-function policy): it may only be erased, and merges with no
  /// similar function.
  bool Hot = false;
  /// Why a tail-call thunk cannot take its place; empty when one can.
  std::string ThunkObstacle;
  /// Its body reads no argument (ArgumentFreeBodies.h): it is encoded and
  /// compared without its parameter list, and its class's shared body
  /// takes no parameters.
  bool ArgumentFree = false;
  /// For an ArgumentFree candidate, a hash of its function type as printed:
  /// twins of one module whose types differ are twins its backend cannot
  /// fold, since a merger that compares types tells them apart.
  uint64_t TypeHash = 0;
  uint32_t Instructions = 0;
  /// Machine-code bytes of its body (ByteModel.h).
  int64_t BodyBytes = 0;
  /// Machine-code bytes its body adds to a caller that inlines it
  /// (ByteModel::inlinedBytes).
  int64_t InlinedBytes = 0;
  /// Its body calls a function (an intrinsic that emits no call aside):
  /// LLVM's inliner prices each call high, so it is no sure inline.
  bool MakesCalls = false;
  /// How its module's target builds it: the alignment of its body, and of
  /// the thunk it would become.
  FunctionCosts Costs;
  /// The encoding with class references as placeholders (encodeSkeleton).
  Encoding Skeleton;
  /// The candidates (indices into ModuleCandidates::Candidates) the
  /// placeholders stand for, in order.
  std::vector<uint32_t> References;
  AnnotationFacts Facts;

  /// Similar merging (only when asked for, and only for functions that may
  /// gain parameters): the encoding with every operand at a parameter
  /// position written as a wildcard of its type, references by identity
  /// (ParameterPositions.h), and what each wildcard stands for.
  struct Position {
    /// The value, in cross-module form: equal encodings, equal values.
    Encoding Value;
    /// Bytes to pass it as an argument (ByteModel::argumentBytes).
    int64_t ArgumentBytes = 0;
    /// Registers it takes as an argument.
    ArgumentRegisters Registers;
    /// It is an address (in a constant table, it needs a relocation in a
    /// position-independent program).
    bool Pointer = false;
    /// Bytes to read it from a constant table instead (tableReadBytes).
    int64_t TableReadBytes = 0;
    /// It may be a field of a constant table (mayLiveInTable).
    bool MayBeInTable = false;
  };
  bool SimilarEligible = false;
  Encoding SimilarSkeleton;
  std::vector<Position> Positions;
  /// Registers its own arguments take.
  ArgumentRegisters OwnArguments;
};

/// What one module brings to the cross-module plan.
struct ModuleCandidates {
  /// Modules can only hold twins of each other when this is equal: the
  /// target triple, the data layout, and the module flags that change code
  /// generation.
  std::string CompatibilityKey;
  std::vector<CrossModuleCandidate> Candidates;
  /// The byte model of the module's target (ModuleFacts::Bytes): modules
  /// with equal compatibility keys have equal models.
  ByteModel Bytes;
  /// The kinds of similar positions the module allows (callees not in a
  /// module that protects indirect calls); empty without similar merging.
  std::vector<std::string> SimilarPositions;
};

/// What the link says about the module's functions.
struct CrossModuleCollectOptions {
  MergeMode Mode = MergeMode::Safe;
  HotPolicy Hot = HotPolicy::NoInstructionAdded;
  /// MergeOptions::LinkAddressFree: the link's address-free functions, or
  /// null when the link's inputs could not be judged.
  const llvm::DenseSet<uint64_t> *LinkAddressFree = nullptr;
  /// MergeOptions::LinkCompared: functions a backend may compare, or null.
  const llvm::DenseSet<uint64_t> *LinkCompared = nullptr;
  /// The module's place among the link's modules.
  uint32_t Ordinal = 0;
  /// How many functions of the module call each function, by GUID (its
  /// summary's call edges), or null when the summary was not read.
  const llvm::DenseMap<uint64_t, uint32_t> *CallingFunctions = nullptr;
  /// Encode for similar merging too (SimilarOptions::Enabled; unset: when
  /// the module carries a profile, similarMergingOn), with the kinds of
  /// positions it allows. Off unless asked for.
  SimilarOptions Similar{/*Enabled=*/false};
};

/// Whether C is a body of its own in the linked program, for the byte
/// models: every local function is, and of the copies of one exported
/// function in several modules (an inline function, say) only the first
/// that Seen has not seen; that one is added to Seen.
bool isBodyOfItsOwn(const CrossModuleCandidate &C, llvm::StringSet<> &Seen);

/// Why the caller wants a function of the module read
/// (CrossModuleFolding.cpp says how it decides).
enum class WantedAs : uint8_t {
  /// Not read.
  No,
  /// It may have twins in other modules.
  Twin,
  /// It may be an argument-free twin of functions of its own module only
  /// (ArgumentFreeBodies.h), which its backend cannot fold when their types
  /// differ. It is listed only when its body reads no argument, takes no
  /// part in similar merging, and the other candidates refer to it by
  /// identity, as they did before it was listed: the classes of the other
  /// candidates are the same with it or without it.
  ArgumentFreeTwinInModule,
};

/// Why ProfileSummaryInfo cannot read M's profile summary (it would end the
/// process; profileSummaryProblem in ProfileFacts.h), or "". Such a module
/// offers no candidates, and a rewrite that reaches it anyway (its calls to
/// another module's twin) fails with this reason instead of writing it.
std::string crossModuleProfileProblem(const llvm::Module &M);

/// Lists and encodes the functions of M that Wanted wants read (in module
/// order) and that may be folded with a twin. M may be lazily loaded: only
/// those functions' bodies are read. Errors come from reading bodies.
llvm::Expected<ModuleCandidates> collectCrossModuleCandidates(
    llvm::Module &M,
    llvm::function_ref<WantedAs(const llvm::Function &)> Wanted,
    const CrossModuleCollectOptions &Opts);

/// The compatibility key of M (see ModuleCandidates::CompatibilityKey).
std::string moduleCompatibilityKey(const llvm::Module &M);

} // namespace lmf

#endif
