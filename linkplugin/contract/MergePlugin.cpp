//===- MergePlugin.cpp - Finding and loading LTOMergeFunctions.so ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The merger is a pass plugin, not part of this binary: the same .so serves
// `opt`, stock ld.lld-22, our ld.lld and our DTLTO backend. We look for it
// where both the build tree and `cmake --install` put it,
// `../lib/LTOMergeFunctions.so` relative to the directory of our own executable
// (resolved through /proc/self/exe, so a symlink to the binary works too).
//
// We load it ourselves, before lld starts, for three reasons:
//  * lld parses `-mllvm` before it loads pass plugins, so the plugin's
//    cl::opts must already be registered when lld sees
//    `-mllvm -lto-merge-functions-mode=...`;
//  * a missing or broken plugin is a clear error before any work is done,
//    instead of a fatal error deep inside LTO; so is a plugin built for
//    another LLVM (another pass-plugin API, or another LLVM version than the
//    one this binary links), which would otherwise fail on its first
//    unknown option or, worse, mix two LLVMs in one process;
//  * after the link we ask the plugin how often its pass ran
//    (`lto_merge_functions_run_count`, see PluginEntryPoints.h) to warn when
//    there was nothing to merge.
// The library stays loaded for the life of the process; when lld later
// loads it again for `--load-pass-plugin`, dlopen returns the same handle,
// so the pass and our query share one counter.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/MergePlugin.h"

#include "linkplugin/contract/PluginEntryPoints.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace lmf {

static const char PluginName[] = "LTOMergeFunctions.so";
static const char *const RunCountSymbol = pluginsym::RunCount;
static const char *const FinishSymbol = pluginsym::Finish;
static const char *const LLVMVersionSymbol = pluginsym::LLVMVersion;
static const char *const RecordReportSymbol = pluginsym::RecordReport;
static const char *const SetLinkFactsSymbol = pluginsym::SetLinkFacts;
static const char *const BeginLldRunSymbol = pluginsym::BeginLldRun;
static const char PluginInfoSymbol[] = "llvmGetPassPluginInfo";

/// The plugin must speak this LLVM's pass-plugin API and be built against
/// the same LLVM release as this binary.
static Error checkBuiltForThisLLVM(sys::DynamicLibrary &Lib,
                                   const std::string &Path) {
  auto *Info = reinterpret_cast<PassPluginLibraryInfo (*)()>(
      Lib.getAddressOfSymbol(PluginInfoSymbol));
  if (!Info)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Path +
                                 "' is not an LLVM pass plugin (it has no " +
                                 PluginInfoSymbol + ")");
  unsigned API = Info().APIVersion;
  if (API != LLVM_PLUGIN_API_VERSION)
    return createStringError(
        inconvertibleErrorCode(),
        "the merge plugin '" + Path + "' uses LLVM pass-plugin API version " +
            Twine(API) +
            ", this ld.lld (LLVM " LLVM_VERSION_STRING ") needs version " +
            Twine(LLVM_PLUGIN_API_VERSION) +
            ": rebuild the plugin with this ld.lld");
  auto *Version = reinterpret_cast<const char *(*)()>(
      Lib.getAddressOfSymbol(LLVMVersionSymbol));
  StringRef Built = Version ? StringRef(Version()) : StringRef();
  if (Built != LLVM_VERSION_STRING)
    return createStringError(inconvertibleErrorCode(),
                             "the merge plugin '" + Path + "' was built for " +
                                 (Built.empty() ? Twine("an unknown LLVM")
                                                : Twine("LLVM ") + Built) +
                                 ", this ld.lld for LLVM " LLVM_VERSION_STRING
                                 ": rebuild the plugin with this ld.lld");
  return Error::success();
}

/// An entry point that older plugins lack; null when missing.
template <typename Fn>
static Fn *newerEntryPoint(sys::DynamicLibrary &Lib, const char *Symbol) {
  return reinterpret_cast<Fn *>(Lib.getAddressOfSymbol(Symbol));
}

static std::string mainExecutable(const char *Argv0) {
  static int Anchor;
  return sys::fs::getMainExecutable(Argv0, &Anchor);
}

std::string defaultPluginPath(const char *Argv0) {
  SmallString<256> Path(sys::path::parent_path(mainExecutable(Argv0)));
  sys::path::append(Path, "..", "lib", PluginName);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

Expected<MergePlugin> MergePlugin::load(const std::string &Path) {
  if (!sys::fs::exists(Path))
    return createStringError(
        inconvertibleErrorCode(),
        "cannot find the merge plugin '" + Path +
            "': our programs look for ../lib/" + PluginName +
            " relative to their own directory; build the LTOMergeFunctions "
            "target, or reinstall (cmake --install installs both)");
  std::string Why;
  sys::DynamicLibrary Lib =
      sys::DynamicLibrary::getPermanentLibrary(Path.c_str(), &Why);
  if (!Lib.isValid())
    return createStringError(inconvertibleErrorCode(),
                             "cannot load the merge plugin '" + Path +
                                 "': " + Why);
  auto *RunCount =
      reinterpret_cast<unsigned (*)()>(Lib.getAddressOfSymbol(RunCountSymbol));
  if (!RunCount)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Path +
                                 "' is not the lto-merge-functions plugin "
                                 "(it has no " +
                                 RunCountSymbol + ")");
  if (Error E = checkBuiltForThisLLVM(Lib, Path))
    return E;
  auto *Finish = newerEntryPoint<const char *()>(Lib, FinishSymbol);
  auto *RecordReport =
      newerEntryPoint<const char *(const char *)>(Lib, RecordReportSymbol);
  auto *SetLinkFacts =
      newerEntryPoint<const char *(const char *)>(Lib, SetLinkFactsSymbol);
  auto *BeginLldRun = newerEntryPoint<void(int)>(Lib, BeginLldRunSymbol);
  for (const char *Missing : {Finish ? nullptr : FinishSymbol,
                              RecordReport ? nullptr : RecordReportSymbol,
                              SetLinkFacts ? nullptr : SetLinkFactsSymbol,
                              BeginLldRun ? nullptr : BeginLldRunSymbol})
    if (Missing)
      return createStringError(inconvertibleErrorCode(),
                               "'" + Path +
                                   "' is an older lto-merge-functions plugin "
                                   "(it has no " +
                                   Missing + ")");
  return MergePlugin(Path, RunCount, Finish, RecordReport, SetLinkFacts,
                     BeginLldRun);
}

/// What the plugin's entry points return: null, or an error's message.
static Error pluginError(const char *Message) {
  if (!Message)
    return Error::success();
  return createStringError(inconvertibleErrorCode(), Message);
}

Error MergePlugin::recordReport(const std::string &ReportPath) const {
  return pluginError(RecordReport(ReportPath.c_str()));
}

std::string siblingProgramPath(const char *Argv0, StringRef Name) {
  SmallString<256> Path(sys::path::parent_path(mainExecutable(Argv0)));
  sys::path::append(Path, Name);
  return std::string(Path);
}

Error MergePlugin::finish() const { return pluginError(Finish()); }

Error MergePlugin::setLinkFacts(const std::string &Json) const {
  return pluginError(SetLinkFacts(Json.c_str()));
}

} // namespace lmf
