//===- PluginState.h - What the linker driver asks the plugin ---*- C++ -*-===//
//
// Our ld.lld loads the plugin into its own process and, after the link, asks
// how often the pass ran, to warn when there was nothing to merge. The
// answer is exported as a C symbol so the driver can find it with dlsym.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_PLUGINSTATE_H
#define LMF_LINKPLUGIN_PLUGINSTATE_H

namespace lmf {
void noteMergeRun();
} // namespace lmf

extern "C" unsigned lto_merge_functions_run_count();

#endif
