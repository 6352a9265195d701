//===- PassOptionNames.h - Names of the pass and its cl::opts ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pass and its `cl::opt`s are reached by name: `opt -passes=...`,
// `-mllvm -lto-merge-functions-...` on a stock linker, and our ld.lld, which
// translates its own options into these. The plugin declares them with the
// names below, and our ld.lld and the DTLTO backend write them with the same
// names, so a rename is one edit here.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_CONTRACT_PASSOPTIONNAMES_H
#define LMF_LINKPLUGIN_CONTRACT_PASSOPTIONNAMES_H

#include "core/MergeRemarks.h"

namespace lmf::passopt {

/// The pass, as `opt -passes=` names it: the name its remarks and
/// statistics are filed under.
inline constexpr const char *PassName = MergePassName;

/// The pass's cl::opts, without the leading dash.
inline constexpr char ModeOption[] = "lto-merge-functions-mode";
inline constexpr char ReportOption[] = "lto-merge-functions-report";
inline constexpr char PrintOption[] = "lto-merge-functions-print";
inline constexpr char ThreadsOption[] = "lto-merge-functions-threads";
inline constexpr char VerifyOption[] = "lto-merge-functions-verify";
inline constexpr char DisableOption[] = "lto-merge-functions-disable";
inline constexpr char SimilarOption[] = "lto-merge-functions-similar";
inline constexpr char SimilarCalleesOption[] =
    "lto-merge-functions-similar-callees";
inline constexpr char SimilarIntegersOption[] =
    "lto-merge-functions-similar-integers";
inline constexpr char SimilarConstantTablesOption[] =
    "lto-merge-functions-similar-constant-tables";
inline constexpr char SimilarMinimumGainOption[] =
    "lto-merge-functions-similar-min-gain";
inline constexpr char AlignedOption[] = "lto-merge-functions-aligned";
inline constexpr char AlignedMinimumGainOption[] =
    "lto-merge-functions-aligned-min-gain";
inline constexpr char AlignedRoundsOption[] =
    "lto-merge-functions-aligned-rounds";
inline constexpr char AlignedRealBytesOption[] =
    "lto-merge-functions-aligned-real-bytes";
inline constexpr char HotPolicyOption[] = "lto-merge-functions-hot-policy";
inline constexpr char NoOutlineHotOption[] =
    "lto-merge-functions-no-outline-hot";
inline constexpr char OptSizeColdOption[] = "lto-merge-functions-optsize-cold";
inline constexpr char HotCodePercentileOption[] =
    "lto-merge-functions-hot-code-percentile";
inline constexpr char SizeCodegenBudgetOption[] =
    "lto-merge-functions-size-codegen-budget";
inline constexpr char LinkAddressFreeOption[] =
    "lto-merge-functions-link-address-free";

} // namespace lmf::passopt

#endif
