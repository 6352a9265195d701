//===- PhaseTimer.h - Time one phase of a merge run -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_PHASETIMER_H
#define LMF_CORE_PHASETIMER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/TimeProfiler.h"

#include <chrono>

namespace lmf {

/// Adds the seconds since construction to a phase counter of the report
/// (PhaseTimes) when destroyed, and shows the phase in `--time-trace`.
class PhaseTimer {
public:
  using Clock = std::chrono::steady_clock;

  PhaseTimer(double &Total, llvm::StringRef Name)
      : Total(Total), Trace(Name), Start(Clock::now()) {}
  ~PhaseTimer() {
    Total += std::chrono::duration<double>(Clock::now() - Start).count();
  }

private:
  double &Total;
  llvm::TimeTraceScope Trace;
  Clock::time_point Start;
};

} // namespace lmf

#endif
