//===- MergeOptions.h - What the caller asks the merger to do ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The knobs of one merge run. The pass plugin fills them from `cl::opt`s, the
// unit tests and benchmarks fill them directly. The thread count is not one
// of them: it is the TaskRunner's that the caller hands to mergeModule.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_MERGEOPTIONS_H
#define LMF_CORE_MERGEOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace lmf {

/// `Safe` keeps every address that may be observed distinct; `All` also folds
/// address-significant functions by replacing their uses, like `--icf=all`.
enum class MergeMode { Safe, All };

/// What a profile changes. Hot functions (the module's profile summary calls
/// their entry count hot, or they carry the `hot` attribute) are on the fast
/// path of the program: under `NoInstructionAdded` they fold only where no
/// instruction is added to any call of them (erased or made an alias, their
/// calls now reaching the kept body), never become a thunk, and take no part
/// in similar or aligned merging (its name on the command line,
/// "hot-identical-only", is older than the aligned stage). `minsize`/
/// `optsize` functions are never hot here: the unit asked for size. `Off`
/// merges hot functions like any other.
enum class HotPolicy { Off, NoInstructionAdded };

/// The switches of similar merging, passed as a whole: from the command
/// line to the pass, and through the step before a ThinLTO link to its
/// collector and planner.
struct SimilarOptions {
  /// After identical merging, also merge functions that differ only in
  /// constants at parameter positions (SimilarMerge.h): one shared body
  /// with extra parameters, each member a thunk or its calls rewritten.
  /// Unset, the module decides: on when it carries a profile, where the
  /// hot-function policy keeps the stage off the fast path; off otherwise
  /// (similarMergingOn, docs/linker.md, "Similar functions").
  std::optional<bool> Enabled;
  /// The callee of a direct call is a parameter position too; members
  /// calling different functions then share a body that calls through a
  /// parameter (an indirect call). Ignored in modules that protect
  /// indirect calls (protectsIndirectCalls).
  bool Callees = true;
  /// Integer constants of compares, `add`/`sub`/`and`/`or`/`xor`, selects,
  /// phis and array indices are parameter positions too
  /// (isIntegerOperandPosition), where a register costs what the immediate
  /// did.
  bool Integers = true;
  /// When a class's parameters do not all fit in argument registers, the
  /// values that do not fit may travel in a constant table per member,
  /// whose address takes one register (ConstantTables.h), where the byte
  /// model says that saves more than leaving members out.
  bool ConstantTables = true;
  /// A similar class merges only when the byte model says it saves at
  /// least this many bytes, in one module and across modules. Tests lower
  /// it (even below zero) to make the stage rewrite classes that would not
  /// pay.
  int64_t MinimumGain = 16;
};

/// The switches of aligned merging, passed as a whole from the command line
/// to the pass.
struct AlignedOptions {
  /// After similar merging, also merge pairs of functions that differ in
  /// instructions (AlignedMerge.h): one body with an identifier parameter,
  /// matched instructions once, the rest in blocks only their member
  /// reaches. Unset, the default decides (alignedMergingOn).
  std::optional<bool> Enabled;
  /// An aligned pair merges only when the byte model says it saves at
  /// least this many bytes. Tests lower it (even below zero).
  int64_t MinimumGain = 32;
  /// Rounds of the aligned stage: a merged body may merge again in a later
  /// round, with a function or another merged body.
  unsigned Rounds = 3;
};

/// The hot-code lines of MergeOptions::HotCodePercentile, in millionths of
/// a profile's total count: 99.99% by default, 99.9999% where the outliner
/// costs more (hasHotBlockByProfile, SizeCodegen.h).
inline constexpr unsigned DefaultHotCodePercentile = 999900;
inline constexpr unsigned WideHotCodePercentile = 999999;

struct MergeOptions {
  MergeMode Mode = MergeMode::Safe;
  /// Without a profile summary or `hot` attributes no function is hot and
  /// the policy changes nothing.
  HotPolicy Hot = HotPolicy::NoInstructionAdded;
  /// After merging, give every function that runs hot code the `nooutline`
  /// attribute, so that LLVM's MachineOutliner, when code generation runs
  /// it, keeps off the fast path (SizeCodegen.h). Nothing is hot under
  /// HotPolicy::Off. The smallest-binary option turns it on.
  bool KeepOutlinerOffHotCode = false;
  /// After merging, give every function that runs no hot code the
  /// `optsize` attribute, for smaller code generation (SizeCodegen.h). The
  /// smallest-binary option turns it on.
  bool OptimizeOtherCodeForSize = false;
  /// For the two above, a block is hot when its count is among those that
  /// make up this share of the profile's total count, in millionths (1 to
  /// 999999, the highest cutoff a profile summary lists). Unset, each
  /// function's target and attributes decide (hasHotBlockByProfile,
  /// SizeCodegen.h): wider than LLVM's 99% either way.
  std::optional<unsigned> HotCodePercentile;
  /// For KeepOutlinerOffHotCode and OptimizeOtherCodeForSize: functions
  /// with a hot block (by HotCodePercentile) still take code generation for
  /// size when they are among those that execute least per instruction and
  /// together execute at most this share of what the module executes by its
  /// profile, in millionths (0 to 1000000): 0.3% (SizeCodegen.cpp says why).
  /// Functions hot under the hot-function policy never do.
  unsigned SizeCodegenBudget = 3000;
  /// Inputs with fewer candidate functions than this run serially.
  unsigned SerialThreshold = 256;
  /// Run the IR verifier on the module after merging; a module that fails
  /// is an error, and its broken functions are stubbed out so that the
  /// pipeline's own verifier does not abort (MergedModuleCheck.h). Off by
  /// default: the check costs several times the merge itself on a large
  /// module (MergedModuleCheck.cpp), and LTO verifies right after us.
  bool Verify = false;
  /// Similar merging and what it may pass as parameters.
  SimilarOptions Similar;
  /// Aligned merging, after the similar stage.
  AlignedOptions Aligned;
  /// The GUIDs (GlobalValue::getGUID) of functions whose address no input
  /// of the link uses: every module, object file and shared library refers
  /// to them only by direct calls. Our ld.lld finds them before a ThinLTO
  /// link (linkplugin/driver/LinkAddressScan.cpp). An exported member on
  /// this list folds like an unnamed_addr one (an alias, not a thunk). Null:
  /// not known, every exported function without unnamed_addr keeps its
  /// address.
  const llvm::DenseSet<uint64_t> *LinkAddressFree = nullptr;
  /// The GUIDs of functions whose address a ThinLTO backend may compare
  /// after the link: those some function's code refers to by address (an
  /// indirect call promoted before the link tests it there), and predicted
  /// targets of profiled calls, which a backend promotes after importing
  /// (linkplugin/driver/LinkAddressScan.cpp). An exported function on this
  /// list keeps an address of its own (ModuleFacts::Compared). Null: no
  /// list; see ComparedUnknown.
  const llvm::DenseSet<uint64_t> *LinkCompared = nullptr;
  /// Set in a ThinLTO backend that has no list of compared functions (stock
  /// ld.lld, or inputs whose summaries could not be read): another backend
  /// may promote an indirect call to any exported function, so in a module
  /// with a profile every exported function is treated as compared.
  bool ComparedUnknown = false;
  /// Upper bound on merge rounds; the fixpoint is normally reached far
  /// earlier.
  unsigned MaxRounds = 64;
};

/// One value of an option whose values have names (a merge mode, a
/// hot-function policy): its name on every command line and what it means.
template <typename E> struct NamedValue {
  E Value;
  llvm::StringLiteral Name;
  llvm::StringLiteral Description;
};

/// Every mode, in the order help texts list them: the one table that the
/// parser below, the plugin's option values and the linker's help read.
llvm::ArrayRef<NamedValue<MergeMode>> mergeModes();
llvm::Expected<MergeMode> parseMergeMode(llvm::StringRef Text);
llvm::StringRef mergeModeName(MergeMode Mode);

/// Every hot-function policy, the same way.
llvm::ArrayRef<NamedValue<HotPolicy>> hotPolicies();
llvm::Expected<HotPolicy> parseHotPolicy(llvm::StringRef Text);
llvm::StringRef hotPolicyName(HotPolicy Policy);

/// The names of Values in table order, between Separators: "safe|all".
template <typename E>
std::string joinNames(llvm::ArrayRef<NamedValue<E>> Values,
                      llvm::StringRef Separator) {
  std::string Text;
  for (const NamedValue<E> &V : Values) {
    if (!Text.empty())
      Text += Separator;
    Text += V.Name;
  }
  return Text;
}

} // namespace lmf

#endif
