//===- MergeOptions.cpp - Parsing of merge options ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Option values arrive as text from the linker command line or from `opt`;
// a bad value is an error the caller reports, never an abort. The modes are
// one table here: their names, parsed here, and their descriptions, which
// the plugin's option values and the linker's help print.
//
//===----------------------------------------------------------------------===//

#include "core/MergeOptions.h"

#include "llvm/Support/ErrorHandling.h"

#include <iterator>

using namespace llvm;

namespace lmf {

// Constant-initialized: the plugin's options read it while they are
// constructed, before any dynamic initializer of this file could run.
static constexpr MergeModeInfo Modes[] = {
    {MergeMode::Safe, "safe",
     "keep every observable function address distinct"},
    {MergeMode::All, "all", "also fold address-significant functions"}};

ArrayRef<MergeModeInfo> mergeModes() { return Modes; }

Expected<MergeMode> parseMergeMode(StringRef Text) {
  for (const MergeModeInfo &M : Modes)
    if (Text == M.Name)
      return M.Mode;
  std::string Expected;
  for (size_t I = 0; I < std::size(Modes); ++I) {
    if (I > 0)
      Expected += I + 1 == std::size(Modes) ? " or " : ", ";
    Expected += ("'" + Modes[I].Name + "'").str();
  }
  return createStringError(inconvertibleErrorCode(), "unknown merge mode '" +
                                                         Text + "' (expected " +
                                                         Expected + ")");
}

StringRef mergeModeName(MergeMode Mode) {
  for (const MergeModeInfo &M : Modes)
    if (M.Mode == Mode)
      return M.Name;
  llvm_unreachable("every mode has a row");
}

} // namespace lmf
