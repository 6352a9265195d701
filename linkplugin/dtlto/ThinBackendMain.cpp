//===- ThinBackendMain.cpp - The remote compiler of DTLTO jobs ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lmf-thinlto-backend compiles one ThinLTO module for a distributed link
// (DTLTO) and merges its functions on the way, as an in-process backend of
// our ld.lld would. lld names it as the remote compiler and a distributor
// runs it, here or on a build machine, once per module, with the command
// line lld writes for clang (ThinBackendJob.cpp reads it):
//
//   lmf-thinlto-backend -c --target=x86_64-pc-linux-gnu -O2 -faddrsig
//     -ffunction-sections -fdata-sections -fpic
//     -mllvm -lto-merge-functions-mode=safe a.o -fthinlto-index=... -o a.o.1
//
// Why not clang: clang's ThinLTO backend (`-fthinlto-index=`) does not pass
// `-fpass-plugin` on to LLVM's LTO backend, so there the plugin never runs
// and nothing is merged, silently. This program runs the same backend
// function lld runs in process (lto::thinBackend) with the plugin in the
// configuration, and configures code generation the way lld configures its
// own in-process backends (options from the code-generation flags, the
// section, address-significance and relocation settings the job names), so
// that the object is the one an in-process backend would have written.
//
// The plugin is the one installed next to this program
// (`../lib/LTOMergeFunctions.so`) unless `-fpass-plugin=` names another; a
// machine without it fails the job with that path in the message. After
// the backend, the merge report of this module is written next to the
// object (backendReportPath), where lmf-thinlto-distribute expects it: a
// job that leaves no report did not merge, and the link fails rather than
// pretend it did.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/contract/PassOptionNames.h"
#include "linkplugin/dtlto/ThinBackendJob.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/LTO/LTOBackend.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace lmf;

static codegen::RegisterCodeGenFlags CodeGenFlags;

namespace {

const char ProgramName[] = "lmf-thinlto-backend";

/// The LTO configuration of an in-process lld backend, for this job.
lto::Config backendConfig(const ThinBackendJob &Job,
                          const std::string &PluginPath) {
  lto::Config C;
  C.Options =
      codegen::InitTargetOptionsFromCodeGenFlags(Triple(Job.TargetTriple));
  C.Options.EmitAddrsig = Job.AddressSignificanceTable;
  C.Options.FunctionSections = Job.FunctionSections;
  C.Options.DataSections = Job.DataSections;
  C.RelocModel = Job.RelocModel;
  C.CodeModel = codegen::getExplicitCodeModel();
  C.CPU = codegen::getCPUStr();
  C.MAttrs = codegen::getMAttrs();
  C.OptLevel = Job.OptLevel;
  // As lld's --lto-O: -O3 generates code aggressively, the others by default.
  C.CGOptLevel = Job.OptLevel == 3 ? CodeGenOptLevel::Aggressive
                                   : CodeGenOptLevel::Default;
  C.PTO.LoopVectorization = Job.OptLevel > 1;
  C.PTO.SLPVectorization = Job.OptLevel > 1;
  C.SampleProfile = Job.SampleProfile;
  C.PassPlugins = {PluginPath};
  return C;
}

/// Reports LLVM's diagnostics as ours; remembers whether any was an error.
struct BackendDiagnostics {
  Diagnostics &Diag;
  bool HadError = false;

  void handle(const DiagnosticInfo &DI) {
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    if (DI.getSeverity() == DS_Error) {
      HadError = true;
      Diag.error(Text);
    } else if (DI.getSeverity() == DS_Warning) {
      Diag.warn(Text);
    }
  }
};

/// The ThinLTO module of the bitcode file in Buffer.
Expected<std::unique_ptr<Module>> parseThinModule(MemoryBufferRef Buffer,
                                                  LLVMContext &Ctx) {
  Expected<std::vector<BitcodeModule>> Modules = getBitcodeModuleList(Buffer);
  if (!Modules)
    return Modules.takeError();
  for (BitcodeModule &BM : *Modules) {
    Expected<BitcodeLTOInfo> Info = BM.getLTOInfo();
    if (!Info)
      return Info.takeError();
    if (Info->IsThinLTO)
      return BM.parseModule(Ctx);
  }
  return createStringError(inconvertibleErrorCode(),
                           "'" + Buffer.getBufferIdentifier() +
                               "' has no ThinLTO module (compile it with "
                               "-flto=thin)");
}

/// Runs LLVM's ThinLTO backend on the job's module; the object goes to
/// Job.OutputPath.
Error runBackend(const ThinBackendJob &Job, const lto::Config &Conf,
                 LLVMContext &Ctx) {
  Expected<std::unique_ptr<ModuleSummaryIndex>> Index =
      getModuleSummaryIndexForFile(Job.IndexPath);
  if (!Index)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read the summary index '" + Job.IndexPath +
                                 "': " + toString(Index.takeError()));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Input =
      MemoryBuffer::getFile(Job.InputPath);
  if (!Input)
    return createStringError(Input.getError(),
                             "cannot read '" + Job.InputPath +
                                 "': " + Input.getError().message());
  Expected<std::unique_ptr<Module>> M =
      parseThinModule((*Input)->getMemBufferRef(), Ctx);
  if (!M)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read the module '" + Job.InputPath +
                                 "': " + toString(M.takeError()));

  FunctionImporter::ImportIDTable ImportIDs;
  FunctionImporter::ImportMapTy ImportList(ImportIDs);
  if (!lto::initImportList(**M, **Index, ImportList))
    return createStringError(inconvertibleErrorCode(),
                             "cannot read the import list of '" +
                                 Job.IndexPath + "'");
  DenseMap<StringRef, GVSummaryMapTy> DefinedByModule;
  (*Index)->collectDefinedGVSummariesPerModule(DefinedByModule);

  auto AddStream =
      [&](unsigned,
          const Twine &) -> Expected<std::unique_ptr<CachedFileStream>> {
    std::error_code EC;
    auto OS =
        std::make_unique<raw_fd_ostream>(Job.OutputPath, EC, sys::fs::OF_None);
    if (EC)
      return createStringError(EC, "cannot write '" + Job.OutputPath +
                                       "': " + EC.message());
    return std::make_unique<CachedFileStream>(std::move(OS), Job.OutputPath);
  };
  if (Error E = lto::thinBackend(
          Conf, /*Task=*/0, AddStream, **M, **Index, ImportList,
          DefinedByModule[(*M)->getModuleIdentifier()], /*ModuleMap=*/nullptr,
          /*CodeGenOnly=*/false)) {
    sys::fs::remove(Job.OutputPath);
    return E;
  }
  return Error::success();
}

/// Parses the job's `-mllvm` arguments, the plugin's options among them, and
/// sends the plugin's report next to the object.
void parseLLVMArguments(const ThinBackendJob &Job) {
  std::vector<std::string> Owned = {ProgramName};
  Owned.insert(Owned.end(), Job.LLVMArgs.begin(), Job.LLVMArgs.end());
  Owned.push_back(std::string("-") + passopt::ReportOption + "=" +
                  backendReportPath(Job.OutputPath));
  std::vector<const char *> Argv;
  for (const std::string &A : Owned)
    Argv.push_back(A.c_str());
  cl::ParseCommandLineOptions(Argv.size(), Argv.data());
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  Diagnostics Diag(errs(), ProgramName);
  Expected<ThinBackendJob> Job =
      parseThinBackendJob(ArrayRef<const char *>(Argv + 1, Argv + Argc));
  if (!Job) {
    Diag.error(Job.takeError());
    return 1;
  }
  std::string PluginPath =
      Job->PluginPath.empty() ? defaultPluginPath(Argv[0]) : Job->PluginPath;
  Expected<MergePlugin> Plugin = MergePlugin::load(PluginPath);
  if (!Plugin) {
    Diag.error(Plugin.takeError());
    return 1;
  }
  // The plugin's cl::opts exist now that it is loaded.
  parseLLVMArguments(*Job);

  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();

  BackendDiagnostics Reporter{Diag};
  lto::Config Conf = backendConfig(*Job, Plugin->path());
  Conf.DiagHandler = [&](const DiagnosticInfo &DI) { Reporter.handle(DI); };
  LLVMContext Ctx;
  Ctx.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *R) {
        static_cast<BackendDiagnostics *>(R)->handle(*DI);
      },
      &Reporter);

  if (Error E = runBackend(*Job, Conf, Ctx)) {
    Diag.error(std::move(E));
    return 1;
  }
  if (Reporter.HadError)
    return 1;
  if (Plugin->runCount() == 0) {
    Diag.error("the merge pass did not run in the backend of '" +
               Job->InputPath + "'");
    return 1;
  }
  if (Error E = Plugin->finish()) {
    Diag.error(std::move(E));
    return 1;
  }
  return 0;
}
