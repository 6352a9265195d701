//===- ResponseFiles.h - @file expansion as lld does it ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_RESPONSEFILES_H
#define LMF_LINKPLUGIN_DRIVER_RESPONSEFILES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/StringSaver.h"

namespace lmf {

/// Replaces every `@file` in Args (without argv[0]) by the arguments the
/// file holds, recursively, with the quoting rules ld.lld would use. A file
/// that does not exist stays as it is. When the expansion fails (a file
/// that includes itself, one that cannot be read), returns LLVM's error,
/// prints nothing and leaves Args unchanged.
llvm::Error expandLinkerResponseFiles(llvm::SmallVectorImpl<const char *> &Args,
                                      llvm::StringSaver &Saver);

} // namespace lmf

#endif
