//===- BackendResults.h - What the ThinLTO backends merged ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_PLUGIN_BACKENDRESULTS_H
#define LMF_LINKPLUGIN_PLUGIN_BACKENDRESULTS_H

#include "core/MergeResult.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace lmf {

/// Keeps the result of one ThinLTO backend's merge until the link ends, with
/// what to do with it then: print the listing (Print), write the report
/// (ReportPath, unless empty). Safe to call from the backends' threads.
void recordBackendResult(MergeResult Result, bool Print,
                         llvm::StringRef ReportPath);

/// Keeps a copy of the regular (full) LTO module's result, which the pass
/// printed and reported itself: in a link that also has ThinLTO backends,
/// the report written at the end covers it too.
void recordRegularResult(const MergeResult &Result);

/// What the linker driver knows of the link, as JSON: `module_names`, an
/// object that names each module the driver rewrote (its identifier) by
/// the input it stands for; `distributed_names`, which names each archive
/// member by what a distributed backend calls it (an empty name where two
/// members are called alike); and `cross_module`, what folding across
/// modules did, for the report. Kept until the next flush.
llvm::Error setLinkFacts(llvm::StringRef Json);

/// Prints and writes what every recorded backend merged, ordered by module,
/// then forgets the results. Does nothing when no backend recorded anything.
llvm::Error flushBackendResults();
/// Forgets the results recorded so far, without printing or writing them,
/// and keeps the link facts: lld runs the same link again (LLD_IN_TEST),
/// and only the last run's results are the link's.
void discardBackendResults();

} // namespace lmf

#endif
