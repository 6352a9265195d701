//===- Plugin.cpp - Registration with LLVM's pass builder -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The plugin makes the pass available three ways: by name, for
// `opt -load-pass-plugin=... -passes=lto-merge-functions`; at the full-LTO
// "last" extension point, which runs after the LTO optimization pipeline and
// before code generation, where a linker such as `ld.lld
// --load-pass-plugin=...` runs it on the one module of the whole program;
// and at the end of every ThinLTO backend's optimization pipeline (the
// optimizer-last extension point in its ThinLTO post-link phase), after
// importing and inlining, before that backend's code generation. Either way
// inlining is done, so what remains equal is what codegen would emit twice.
// A second, small pass runs in every function simplification pipeline: it
// drops the arguments of calls that a backend resolved to the parameterless
// shared body of twins folded before the link (RetypeSharedBodyCallsPass).
// A ThinLTO backend's results wait for the end of the link
// (BackendResults.cpp); lto_merge_functions_finish lets our ld.lld say when
// that is. A remote (DTLTO) backend runs this plugin in another process;
// lto_merge_functions_record_report brings its report into this one.
// lto_merge_functions_set_link_facts hands over what our ld.lld did before
// the link (the inputs it rewrote, what it folded across modules).
// lto_merge_functions_begin_lld_run comes before each run of lld on the
// link: with LLD_IN_TEST lld runs it several times and shows only the last
// run's output, and so do we.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/PluginEntryPoints.h"
#include "linkplugin/plugin/BackendResults.h"
#include "linkplugin/plugin/LTOMergeFunctionsPass.h"
#include "linkplugin/plugin/PluginState.h"
#include "linkplugin/plugin/RetypeSharedBodyCallsPass.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

#include <string>

using namespace llvm;

/// Null when E is success, else E's message, kept in Storage (one per entry
/// point) until that entry point is called again.
static const char *messageOrNull(Error E, std::string &Storage) {
  if (!E)
    return nullptr;
  Storage = toString(std::move(E));
  return Storage.c_str();
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT unsigned
lto_merge_functions_run_count() {
  return lmf::PluginState::get().runCount();
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT const char *
lto_merge_functions_finish() {
  static std::string Message;
  return messageOrNull(lmf::flushBackendResults(), Message);
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT const char *
lto_merge_functions_record_report(const char *Path) {
  static std::string Message;
  return messageOrNull(lmf::recordRemoteBackendReport(Path), Message);
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT const char *
lto_merge_functions_set_link_facts(const char *Json) {
  static std::string Message;
  return messageOrNull(lmf::setLinkFacts(Json), Message);
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT void
lto_merge_functions_begin_lld_run(int Quiet) {
  lmf::discardBackendResults();
  lmf::PluginState::get().setQuiet(Quiet != 0);
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT const char *
lto_merge_functions_llvm_version() {
  return LLVM_VERSION_STRING;
}

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != lmf::LTOMergeFunctionsPass::name())
          return false;
        MPM.addPass(lmf::LTOMergeFunctionsPass());
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != lmf::RetypeSharedBodyCallsPass::name())
          return false;
        FPM.addPass(lmf::RetypeSharedBodyCallsPass());
        return true;
      });
  // Calls the optimizer resolves to a parameterless shared body of ours
  // (RetypeSharedBodyCallsPass.cpp), in every function simplification
  // pipeline.
  PB.registerPeepholeEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(lmf::RetypeSharedBodyCallsPass());
      });
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(lmf::LTOMergeFunctionsPass());
      });
  // Each ThinLTO backend, after importing and optimizing its module.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase Phase) {
        if (Phase == ThinOrFullLTOPhase::ThinLTOPostLink)
          MPM.addPass(lmf::LTOMergeFunctionsPass(/*InThinLTOBackend=*/true));
      });
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "LTOMergeFunctions", LMF_VERSION,
          registerCallbacks};
}
