# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# An initial-cache file for the LLVM test-suite that links every program
# with our ld.lld, so that a code-size run is the test-suite's usual flow:
#
#   cmake -G Ninja -S $TS -B build-ours -C $TS/cmake/caches/O3.cmake \
#     -C bench/testsuite/lto-merge-functions.cmake
#   ninja -C build-ours
#   /usr/lib/llvm-22/bin/lit -o ours.json build-ours
#
# and the same with -DLMF_LINK_OPTIONS= (no option: our ld.lld is then
# stock LLD 22) for plain.json, then
#   $TS/utils/compare.py plain.json ours.json -m size..text
#
# It goes after the test-suite's own cache file (the optimization level)
# and sets only what linking with us needs: Clang 22 and LLVM 22's tools,
# bitcode archives (llvm-ar), llvm-size for the size metrics, CTMark, and
# these settings (each can be given with -D, before or after -C):
#
#   LMF_LINKER        our ld.lld; empty (the default) finds it with
#                     find_package(LTOMergeFunctions): the Debian package,
#                     or an install prefix in CMAKE_PREFIX_PATH
#   LMF_LTO           full (default) or thin: -flto=<kind> for every
#                     compile and link
#   LMF_LINK_OPTIONS  linker options, separated by spaces (default
#                     --lto-merge-functions); empty links without merging
#
# A cache file cannot read -D options given after it, so the flags are made
# when the test-suite's project() has run, by
# lto-merge-functions-flags.cmake (CMAKE_PROJECT_INCLUDE).

set(LMF_LINKER "" CACHE FILEPATH
    "Our ld.lld (empty: find_package(LTOMergeFunctions))")
set(LMF_LTO full CACHE STRING "full or thin LTO")
set(LMF_LINK_OPTIONS "--lto-merge-functions" CACHE STRING
    "Linker options of the configuration, separated by spaces")
set(LMF_LLVM_TOOLS /usr/lib/llvm-22/bin CACHE PATH "LLVM 22's bin directory")

set(CMAKE_C_COMPILER clang-22 CACHE STRING "")
set(CMAKE_CXX_COMPILER clang++-22 CACHE STRING "")
set(CMAKE_AR ${LMF_LLVM_TOOLS}/llvm-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${LMF_LLVM_TOOLS}/llvm-ranlib CACHE FILEPATH "")
set(TEST_SUITE_SUBDIRS CTMark CACHE STRING "")
set(TEST_SUITE_LIT ${LMF_LLVM_TOOLS}/lit CACHE FILEPATH "")
set(TEST_SUITE_LLVM_SIZE ${LMF_LLVM_TOOLS}/llvm-size CACHE FILEPATH "")
set(TEST_SUITE_COLLECT_CODE_SIZE ON CACHE BOOL "")
set(CMAKE_PROJECT_INCLUDE
    ${CMAKE_CURRENT_LIST_DIR}/lto-merge-functions-flags.cmake CACHE FILEPATH "")
