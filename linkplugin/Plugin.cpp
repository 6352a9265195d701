//===- Plugin.cpp - Registration with LLVM's pass builder -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The plugin makes the pass available twice: by name, for
// `opt -load-pass-plugin=... -passes=lto-merge-functions`, and at the
// full-LTO "last" extension point, which runs after the LTO optimization
// pipeline and before code generation. That is where a linker such as
// `ld.lld --load-pass-plugin=...` runs it: the whole program is one module
// and inlining is done, so what remains equal is what codegen would emit
// twice.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/LTOMergeFunctionsPass.h"
#include "linkplugin/PluginState.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

#include <atomic>

using namespace llvm;

namespace {
std::atomic<unsigned> RunCount{0};
} // namespace

void lmf::noteMergeRun() { ++RunCount; }

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT unsigned
lto_merge_functions_run_count() {
  return RunCount.load();
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
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(lmf::LTOMergeFunctionsPass());
      });
}

extern "C" LLVM_ATTRIBUTE_VISIBILITY_DEFAULT PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "LTOMergeFunctions", LMF_VERSION,
          registerCallbacks};
}
