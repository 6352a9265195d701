#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A program cross-built for RISC-V 64 Linux, full LTO and ThinLTO, merged by
# our ld.lld (identical and similar folds, constant tables) and run under
# qemu-riscv64 (cross-target.bash says what it checks).
CROSS_TRIPLE=riscv64-linux-gnu
CROSS_QEMU=qemu-riscv64
CROSS_SYSROOT=/usr/riscv64-linux-gnu
CROSS_DEB_ARCH=riscv64
source "$(dirname "$0")/cross-target.bash"
