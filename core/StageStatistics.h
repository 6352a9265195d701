//===- StageStatistics.h - LLVM's STATISTIC, on in every build --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Include this instead of llvm/ADT/Statistic.h where a stage declares its
// `STATISTIC` counters (MergeStage::publishStatistics). Debian's LLVM is
// built without assertions, where `STATISTIC` counters compile to nothing
// unless LLVM_FORCE_ENABLE_STATS is set; it is set here, for the files that
// include this header only, after llvm-config.h has given it its default.
// The counters are filed under the pass's name.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_STAGESTATISTICS_H
#define LMF_CORE_STAGESTATISTICS_H

#include "core/MergeRemarks.h"

#include "llvm/Config/llvm-config.h"
#undef LLVM_FORCE_ENABLE_STATS
#define LLVM_FORCE_ENABLE_STATS 1
#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE lmf::MergePassName

#endif
