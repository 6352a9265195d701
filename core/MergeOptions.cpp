//===- MergeOptions.cpp - Parsing of merge options ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Option values arrive as text from the linker command line or from `opt`;
// a bad value is an error the caller reports, never an abort.
//
//===----------------------------------------------------------------------===//

#include "core/MergeOptions.h"

using namespace llvm;

namespace lmf {

Expected<MergeMode> parseMergeMode(StringRef Text) {
  if (Text == "safe")
    return MergeMode::Safe;
  if (Text == "all")
    return MergeMode::All;
  return createStringError(inconvertibleErrorCode(),
                           "unknown merge mode '" + Text +
                               "' (expected 'safe' or 'all')");
}

StringRef mergeModeName(MergeMode Mode) {
  return Mode == MergeMode::All ? "all" : "safe";
}

} // namespace lmf
