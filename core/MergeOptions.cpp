//===- MergeOptions.cpp - Parsing of merge options ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Option values arrive as text from the linker command line or from `opt`;
// a bad value is an error the caller reports, never an abort. The modes and
// the hot-function policies are one table each here: their names, parsed
// here, and their descriptions, which the plugin's option values and the
// linker's help print.
//
//===----------------------------------------------------------------------===//

#include "core/MergeOptions.h"

#include "llvm/Support/ErrorHandling.h"

#include <iterator>

using namespace llvm;

namespace lmf {

// Constant-initialized: the plugin's options read these tables while they
// are constructed, before any dynamic initializer of this file could run.
static constexpr MergeModeInfo Modes[] = {
    {MergeMode::Safe, "safe",
     "keep every observable function address distinct"},
    {MergeMode::All, "all", "also fold address-significant functions"}};

static constexpr HotPolicyInfo HotPolicies[] = {
    {HotPolicy::Off, "off", "a profile does not change what merges"},
    {HotPolicy::HotIdenticalOnly, "hot-identical-only",
     "hot functions fold only where no instruction is added: never a thunk, "
     "never a member of a similar class"}};

/// The row of Table whose name is Text, or an error that lists the names.
template <typename Row>
static Expected<const Row &> findByName(ArrayRef<Row> Table, StringRef Text,
                                        StringRef What) {
  for (const Row &R : Table)
    if (Text == R.Name)
      return R;
  std::string Expected;
  for (size_t I = 0; I < Table.size(); ++I) {
    if (I > 0)
      Expected += I + 1 == Table.size() ? " or " : ", ";
    Expected += ("'" + Table[I].Name + "'").str();
  }
  return createStringError(inconvertibleErrorCode(),
                           "unknown " + What + " '" + Text + "' (expected " +
                               Expected + ")");
}

ArrayRef<MergeModeInfo> mergeModes() { return Modes; }

Expected<MergeMode> parseMergeMode(StringRef Text) {
  Expected<const MergeModeInfo &> Row =
      findByName(ArrayRef(Modes), Text, "merge mode");
  if (!Row)
    return Row.takeError();
  return Row->Mode;
}

StringRef mergeModeName(MergeMode Mode) {
  for (const MergeModeInfo &M : Modes)
    if (M.Mode == Mode)
      return M.Name;
  llvm_unreachable("every mode has a row");
}

ArrayRef<HotPolicyInfo> hotPolicies() { return HotPolicies; }

Expected<HotPolicy> parseHotPolicy(StringRef Text) {
  Expected<const HotPolicyInfo &> Row =
      findByName(ArrayRef(HotPolicies), Text, "hot-function policy");
  if (!Row)
    return Row.takeError();
  return Row->Policy;
}

StringRef hotPolicyName(HotPolicy Policy) {
  for (const HotPolicyInfo &P : HotPolicies)
    if (P.Policy == Policy)
      return P.Name;
  llvm_unreachable("every policy has a row");
}

} // namespace lmf
