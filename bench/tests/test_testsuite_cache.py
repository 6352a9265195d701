#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""CI check of bench/testsuite/lto-merge-functions.cmake, the cache file
that configures the LLVM test-suite with our linker (ctest label ``bench``).

CI has no test-suite checkout, so a stand-in project made here takes its
place: like the test-suite it is configured with ``-C <cache>`` and builds
programs with the flags the cache makes. The checks:

- given after -C, -D settings still take effect (the flags are made at
  project() time), and a program linked by the stand-in is merged: the
  options reach our ld.lld (its listing of the merged functions);
- given before -C, and with ThinLTO, the same;
- LMF_LINK_OPTIONS empty: no merging, the plain link of a size run;
- a bad LMF_LTO, a missing linker, and no linker with no package to find,
  each stop the configuration with a message that says what to do.

Usage: test_testsuite_cache.py LINKER WORKDIR
"""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(os.path.dirname(HERE), "testsuite",
                     "lto-merge-functions.cmake")

STANDIN = """cmake_minimum_required(VERSION 3.20)
project(standin C)
add_executable(prog prog.c)
"""

PROG = """#include <stdio.h>
__attribute__((noinline)) int twin_a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 7 ^ s; return s; }
__attribute__((noinline)) int twin_b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 7 ^ s; return s; }
int main(int argc, char **argv) { printf("%d\\n", twin_a(argc + 3) + twin_b(argc + 4)); return 0; }
"""


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def configure(src, build, before, after):
    shutil.rmtree(build, ignore_errors=True)
    # Optimized, as the test-suite's own cache files make it (at -O0 clang
    # marks every function optnone, which nothing merges).
    cmd = ["cmake", "-G", "Ninja", "-S", src, "-B", build,
           "-DCMAKE_BUILD_TYPE=Release"] + before + \
        ["-C", CACHE] + after
    return subprocess.run(cmd, capture_output=True, text=True)


def build_and_link(src, build, before, after):
    """Configures and builds the stand-in; returns what the build printed."""
    proc = configure(src, build, before, after)
    if proc.returncode:
        fail(f"configure failed: {proc.stdout}{proc.stderr}")
    proc = subprocess.run(["cmake", "--build", build], capture_output=True,
                          text=True)
    if proc.returncode:
        fail(f"build failed: {proc.stdout}{proc.stderr}")
    return proc.stdout


def expect_error(src, build, settings, message):
    proc = configure(src, build, [], settings)
    if proc.returncode == 0 or message not in proc.stderr.replace("\n  ", " "):
        fail(f"{settings}: expected a configure error '{message}', got "
             f"status {proc.returncode}: {proc.stderr}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    linker, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    src = os.path.join(work, "standin")
    os.makedirs(src, exist_ok=True)
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write(STANDIN)
    with open(os.path.join(src, "prog.c"), "w") as f:
        f.write(PROG)
    build = os.path.join(work, "build")
    listing = "--lto-merge-functions --print-merged-functions"
    folded = "removing identical function twin_"

    out = build_and_link(src, build, [],
                         [f"-DLMF_LINKER={linker}",
                          f"-DLMF_LINK_OPTIONS={listing}"])
    if folded not in out:
        fail(f"-D after -C, full LTO: no merge listed: {out}")
    out = build_and_link(src, build, [f"-DLMF_LINKER={linker}",
                                      f"-DLMF_LINK_OPTIONS={listing}",
                                      "-DLMF_LTO=thin"], [])
    if folded not in out:
        fail(f"-D before -C, ThinLTO: no merge listed: {out}")
    commands = subprocess.run(["ninja", "-C", build, "-t", "commands"],
                              capture_output=True, text=True).stdout
    if "-flto=thin" not in commands or "-flto=full" in commands:
        fail(f"LMF_LTO=thin did not compile with -flto=thin: {commands}")
    out = build_and_link(src, build, [], [f"-DLMF_LINKER={linker}",
                                          "-DLMF_LINK_OPTIONS="])
    if "removing" in out:
        fail(f"empty LMF_LINK_OPTIONS still merged: {out}")

    expect_error(src, build, [f"-DLMF_LINKER={linker}", "-DLMF_LTO=fast"],
                 "LMF_LTO is 'fast'; it must be full or thin")
    expect_error(src, build, [f"-DLMF_LINKER={work}/none/ld.lld"],
                 "is not the absolute path of a file")
    expect_error(src, build, ["-DCMAKE_DISABLE_FIND_PACKAGE_LTOMergeFunctions=ON"],
                 "find_package(LTOMergeFunctions) found nothing")
    print("test-suite cache file: 6 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
