#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The qemu plugin that counts guest instructions (bench/qemu/insn_count.c):
a small AArch64 program cross-built with clang-22 and run under
qemu-aarch64 counts the same twice, and more when it loops more.

    test_qemu_insn_count.py <plugin .so> <clang> <work dir>
"""

import os
import subprocess
import sys

PROGRAM = r"""
#include <stdlib.h>
volatile long Sink;
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  for (long i = 0; i < n; ++i)
    Sink = i ^ argc;
  return 0;
}
"""


def count(plugin, exe, work, n):
    out = os.path.join(work, f"count-{n}")
    subprocess.run(["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu",
                    "-plugin", f"{plugin},out={out}", exe, str(n)],
                   check=True)
    with open(out) as f:
        words = f.read().split()
    if len(words) != 2 or words[0] != "instructions":
        sys.exit(f"unexpected plugin output: {words}")
    return int(words[1])


def main():
    plugin, clang, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "loop.c")
    exe = os.path.join(work, "loop")
    with open(src, "w") as f:
        f.write(PROGRAM)
    subprocess.run([clang, "--target=aarch64-linux-gnu", "-O1",
                    "-fuse-ld=lld", src, "-o", exe], check=True)
    small, again = count(plugin, exe, work, 1000), count(plugin, exe, work,
                                                          1000)
    large = count(plugin, exe, work, 101000)
    print(f"1000 iterations: {small} and {again}; 101000: {large}")
    if small != again:
        sys.exit("the count differs from run to run")
    # The loop body is a few instructions: 100,000 more iterations run at
    # least 200,000 more.
    if large - small < 200000:
        sys.exit("the count does not follow the work the program does")


if __name__ == "__main__":
    main()
