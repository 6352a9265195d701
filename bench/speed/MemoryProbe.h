//===- MemoryProbe.h - Resident memory of this process ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_BENCH_MEMORYPROBE_H
#define LMF_BENCH_MEMORYPROBE_H

#include "llvm/Support/Error.h"

#include <cstdint>

namespace lmf::bench {

struct ResidentBytes {
  uint64_t Current = 0;
  /// The most resident at once since the process started or since the last
  /// resetPeakResident.
  uint64_t Peak = 0;
};

/// Reads VmRSS and VmHWM from /proc/self/status (Linux only).
llvm::Expected<ResidentBytes> readResident();

/// Makes the peak equal the current resident size (/proc/self/clear_refs).
llvm::Error resetPeakResident();

} // namespace lmf::bench

#endif
