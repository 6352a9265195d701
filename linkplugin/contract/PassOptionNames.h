//===- PassOptionNames.h - Names of the pass and its cl::opts ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pass and its `cl::opt`s are reached by name: `opt -passes=...`,
// `-mllvm -lto-merge-functions-...` on a stock linker, and our ld.lld, which
// translates its own options into these. The plugin declares them with the
// names below (and those of core's option table, core/OptionRow.h), and our
// ld.lld and the DTLTO backend write them with the same names, so a rename
// is one edit here or in the table.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_CONTRACT_PASSOPTIONNAMES_H
#define LMF_LINKPLUGIN_CONTRACT_PASSOPTIONNAMES_H

#include "core/MergeRemarks.h"

namespace lmf::passopt {

/// The pass, as `opt -passes=` names it: the name its remarks and
/// statistics are filed under.
inline constexpr const char *PassName = MergePassName;

/// The pass's own cl::opts, without the leading dash: the mode, the
/// hot-function policy and what only the plugin reads. The options of
/// merging itself are rows of core's option table (core/OptionRow.h,
/// mergeOptionRows), which carry their names.
inline constexpr char ModeOption[] = "lto-merge-functions-mode";
inline constexpr char ReportOption[] = "lto-merge-functions-report";
inline constexpr char PrintOption[] = "lto-merge-functions-print";
inline constexpr char ThreadsOption[] = "lto-merge-functions-threads";
inline constexpr char DisableOption[] = "lto-merge-functions-disable";
inline constexpr char HotPolicyOption[] = "lto-merge-functions-hot-policy";
inline constexpr char LinkAddressFreeOption[] =
    "lto-merge-functions-link-address-free";

} // namespace lmf::passopt

#endif
