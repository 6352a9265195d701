//===- ResponseFiles.h - @file expansion as lld does it ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_RESPONSEFILES_H
#define LMF_LINKPLUGIN_DRIVER_RESPONSEFILES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/StringSaver.h"

namespace lmf {

/// Replaces every `@file` in Args (without argv[0]) by the arguments the
/// file holds, recursively, with the quoting rules ld.lld would use.
void expandLinkerResponseFiles(llvm::SmallVectorImpl<const char *> &Args,
                               llvm::StringSaver &Saver);

} // namespace lmf

#endif
