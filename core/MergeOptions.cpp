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
static constexpr NamedValue<MergeMode> Modes[] = {
    {MergeMode::Safe, "safe",
     "keep every observable function address distinct"},
    {MergeMode::All, "all", "also fold address-significant functions"}};

static constexpr NamedValue<HotPolicy> HotPolicies[] = {
    {HotPolicy::Off, "off", "a profile does not change what merges"},
    {HotPolicy::NoInstructionAdded, "hot-identical-only",
     "hot functions fold only where no instruction is added: never a thunk, "
     "never a member of a similar class"}};

/// The value of Table named Text, or an error that lists the names.
template <typename E>
static Expected<E> parseName(ArrayRef<NamedValue<E>> Table, StringRef Text,
                             StringRef What) {
  for (const NamedValue<E> &V : Table)
    if (Text == V.Name)
      return V.Value;
  std::string Expected;
  for (size_t I = 0; I < Table.size(); ++I) {
    if (I > 0)
      Expected += I + 1 == Table.size() ? " or " : ", ";
    Expected += ("'" + Table[I].Name + "'").str();
  }
  return createStringError(inconvertibleErrorCode(), "unknown " + What + " '" +
                                                         Text + "' (expected " +
                                                         Expected + ")");
}

template <typename E>
static StringRef nameOf(ArrayRef<NamedValue<E>> Table, E Value) {
  for (const NamedValue<E> &V : Table)
    if (V.Value == Value)
      return V.Name;
  llvm_unreachable("every value has a row");
}

ArrayRef<NamedValue<MergeMode>> mergeModes() { return Modes; }

Expected<MergeMode> parseMergeMode(StringRef Text) {
  return parseName(mergeModes(), Text, "merge mode");
}

StringRef mergeModeName(MergeMode Mode) { return nameOf(mergeModes(), Mode); }

ArrayRef<NamedValue<HotPolicy>> hotPolicies() { return HotPolicies; }

Expected<HotPolicy> parseHotPolicy(StringRef Text) {
  return parseName(hotPolicies(), Text, "hot-function policy");
}

StringRef hotPolicyName(HotPolicy Policy) {
  return nameOf(hotPolicies(), Policy);
}

} // namespace lmf
