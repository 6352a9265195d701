//===- MemoryProbe.cpp - Resident memory of this process ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The speed harness reports how much memory a merger needs on top of the
// module it merges. Counting allocations would need hooks into malloc; the
// kernel already keeps what we need: the resident size of the process
// (VmRSS) and its high-water mark (VmHWM), which writing "5" to
// /proc/self/clear_refs resets to the current size. So a measurement is:
// parse the module in a fresh process, reset the mark, run one merger, and
// read how far the mark rose. Memory the process freed earlier and malloc
// kept for reuse is not counted twice, which is why each measurement runs
// in a process of its own (lmf-speedbench --memory) rather than between the
// timed runs.
//
//===----------------------------------------------------------------------===//

#include "bench/speed/MemoryProbe.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <optional>

using namespace llvm;

namespace lmf::bench {
namespace {

/// The value of a "Key:   123 kB" line, in bytes.
std::optional<uint64_t> kilobytesField(StringRef Status, StringRef Key) {
  SmallVector<StringRef, 64> Lines;
  Status.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.consume_front(Key) || !Line.consume_front(":"))
      continue;
    StringRef Value = Line.trim();
    uint64_t KiB = 0;
    if (!Value.consume_back("kB") || Value.trim().getAsInteger(10, KiB))
      return std::nullopt;
    return KiB * 1024;
  }
  return std::nullopt;
}

} // namespace

Expected<ResidentBytes> readResident() {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Status =
      MemoryBuffer::getFileAsStream("/proc/self/status");
  if (!Status)
    return createStringError(Status.getError(),
                             "cannot read /proc/self/status");
  StringRef Text = (*Status)->getBuffer();
  std::optional<uint64_t> Current = kilobytesField(Text, "VmRSS");
  std::optional<uint64_t> Peak = kilobytesField(Text, "VmHWM");
  if (!Current || !Peak)
    return createStringError(inconvertibleErrorCode(),
                             "/proc/self/status has no VmRSS or VmHWM line");
  return ResidentBytes{*Current, *Peak};
}

Error resetPeakResident() {
  std::ofstream ClearRefs("/proc/self/clear_refs");
  ClearRefs << "5";
  ClearRefs.flush();
  if (!ClearRefs)
    return createStringError(inconvertibleErrorCode(),
                             "cannot write /proc/self/clear_refs");
  return Error::success();
}

} // namespace lmf::bench
