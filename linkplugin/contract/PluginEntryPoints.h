//===- PluginEntryPoints.h - What our programs ask the plugin ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld loads the plugin into its own process and, after the link, asks
// how often the pass ran, to warn when there was nothing to merge; before the
// link it asks which LLVM the plugin was built for, since a plugin built for
// another LLVM fails in confusing ways; and when lld is done, it tells the
// plugin to print and write what the ThinLTO backends merged
// (plugin/BackendResults.h), so that it can report a failure like its own.
// In a distributed ThinLTO link it hands the plugin the reports the remote
// backends wrote, to be printed and written with the others. The plugin
// exports these as C symbols (plugin/Plugin.cpp) so that our programs find
// them with dlsym (MergePlugin.cpp); their names below are the ones it looks
// up. When lld runs the same link several times in our process (LLD_IN_TEST,
// lld's test of its own cleanup), our ld.lld tells the plugin before each
// run, so that each run merges and records afresh and only the last one,
// the one whose output lld shows, prints.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_CONTRACT_PLUGINENTRYPOINTS_H
#define LMF_LINKPLUGIN_CONTRACT_PLUGINENTRYPOINTS_H

namespace lmf {
namespace pluginsym {
inline constexpr char RunCount[] = "lto_merge_functions_run_count";
inline constexpr char LLVMVersion[] = "lto_merge_functions_llvm_version";
inline constexpr char Finish[] = "lto_merge_functions_finish";
inline constexpr char RecordReport[] = "lto_merge_functions_record_report";
inline constexpr char SetLinkFacts[] = "lto_merge_functions_set_link_facts";
inline constexpr char BeginLldRun[] = "lto_merge_functions_begin_lld_run";
} // namespace pluginsym
} // namespace lmf

extern "C" unsigned lto_merge_functions_run_count();
extern "C" const char *lto_merge_functions_llvm_version();
/// Flushes the ThinLTO backends' results; returns null, or an error message
/// that stays valid until the next call.
extern "C" const char *lto_merge_functions_finish();
/// Records the results in a remote backend's report file (a ThinLTO report)
/// as if an in-process backend had merged them: they are printed and
/// written at the next finish. Returns null, or an error message that stays
/// valid until the next call.
extern "C" const char *lto_merge_functions_record_report(const char *Path);
/// Takes what our ld.lld did before the link, as JSON (setLinkFacts in
/// plugin/BackendResults.h). Returns null, or an error message that stays
/// valid until the next call.
extern "C" const char *lto_merge_functions_set_link_facts(const char *Json);
/// Says that lld is about to run (again) on the link: what an earlier run
/// recorded is forgotten, and with Quiet set the pass prints nothing until
/// the next call (lld's output is silenced on that run too: LLD_IN_TEST's
/// repeated runs, linkplugin/driver/LldInvocation.cpp).
extern "C" void lto_merge_functions_begin_lld_run(int Quiet);

#endif
