//===- LlvmFatalErrors.cpp - LLVM's fatal errors in a merging link --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LTO's pipeline runs LLVM's verifier after its last pass, which in a link
// with merging is ours. On a module that does not verify the verifier
// prints what it found and calls report_fatal_error, whose default is an
// abort: a crash report and a stack dump of the verifier, from inside the
// linker, which say nothing about what to do. The same happens for an input
// whose IR was written without verification.
//
// In a link with merging, our ld.lld installs a fatal-error handler that
// turns this one fatal error into a linker error: the verifier's findings
// stay above it, the message says how to tell a broken input from a bug of
// merging (the inputs verify alone) and how to link meanwhile (without
// --lto-merge-functions), the interrupt handlers remove the half-written
// output, and the process exits with status 1, as for any other error.
// Every other fatal error is printed as LLVM prints it and then takes
// LLVM's own course (an abort with a crash report where LLVM asks for one),
// so that a crash still reports what stock ld.lld's would. Without merging,
// no handler is installed: stock behaviour, byte for byte.
//
// Checking the module in the pass instead (MergeOptions::Verify) would say
// which functions merging broke, but it costs several times the merge on a
// large module (core/MergedModuleCheck.cpp); the verifier that runs anyway
// costs nothing more.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LlvmFatalErrors.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace lmf {

/// What LLVM's verifier pass reports when a module does not verify.
static constexpr StringLiteral BrokenModule = "Broken module found";

std::optional<std::string> mergingLinkFatalError(StringRef Reason) {
  if (!Reason.starts_with(BrokenModule))
    return std::nullopt;
  return "LLVM's verifier rejected an LTO module (what it found is above); "
         "if every input verifies alone (opt-22 -passes=verify), merging "
         "broke it, a bug in lto-merge-functions: link without "
         "--lto-merge-functions meanwhile, and report it";
}

static void handleFatalError(void *Program, const char *Reason,
                             bool /*GenCrashDiag*/) {
  std::optional<std::string> Error = mergingLinkFatalError(Reason);
  if (!Error) {
    // As LLVM prints it without a handler; LLVM then aborts or exits.
    errs() << "LLVM ERROR: " << Reason << "\n";
    errs().flush();
    return;
  }
  errs() << *static_cast<const std::string *>(Program) << ": error: " << *Error
         << "\n";
  errs().flush();
  sys::RunInterruptHandlers();
  std::_Exit(1);
}

MergingLinkFatalErrors::MergingLinkFatalErrors(StringRef Program)
    : Program(Program.str()) {
  install_fatal_error_handler(handleFatalError, &this->Program);
}

MergingLinkFatalErrors::~MergingLinkFatalErrors() {
  remove_fatal_error_handler();
}

} // namespace lmf
