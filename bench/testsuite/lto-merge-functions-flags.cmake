# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Included at the end of the test-suite's project() (CMAKE_PROJECT_INCLUDE,
# set by lto-merge-functions.cmake, which explains the settings): checks
# LMF_LINKER, LMF_LTO and LMF_LINK_OPTIONS and turns them into the compile
# and link flags of every program. The flags are variables of the
# test-suite's top directory, on top of the cache's CMAKE_*_FLAGS, so that
# reconfiguring with other settings replaces them instead of adding to them.

if(NOT LMF_LTO MATCHES "^(full|thin)$")
  message(FATAL_ERROR "lto-merge-functions: LMF_LTO is '${LMF_LTO}'; it must "
    "be full or thin")
endif()
set(lmf_linker "${LMF_LINKER}")
if(NOT lmf_linker)
  find_package(LTOMergeFunctions 0.1)
  if(NOT LTOMergeFunctions_FOUND)
    message(FATAL_ERROR "lto-merge-functions: no LMF_LINKER given and "
      "find_package(LTOMergeFunctions) found nothing: install the Debian "
      "package, add the install prefix to CMAKE_PREFIX_PATH, or give "
      "-DLMF_LINKER=<path of our ld.lld>")
  endif()
  set(lmf_linker "${LTOMergeFunctions_LINKER}")
endif()
if(NOT IS_ABSOLUTE "${lmf_linker}" OR IS_DIRECTORY "${lmf_linker}" OR
   NOT EXISTS "${lmf_linker}")
  message(FATAL_ERROR "lto-merge-functions: LMF_LINKER '${lmf_linker}' is "
    "not the absolute path of a file")
endif()

separate_arguments(lmf_options UNIX_COMMAND "${LMF_LINK_OPTIONS}")
set(lmf_wl "")
if(lmf_options)
  if(lmf_options MATCHES ",")
    message(FATAL_ERROR "lto-merge-functions: LMF_LINK_OPTIONS "
      "'${LMF_LINK_OPTIONS}' has a comma, which -Wl, would split")
  endif()
  list(JOIN lmf_options "," lmf_wl)
  set(lmf_wl " -Wl,${lmf_wl}")
endif()

string(APPEND CMAKE_C_FLAGS " -flto=${LMF_LTO}")
string(APPEND CMAKE_CXX_FLAGS " -flto=${LMF_LTO}")
string(APPEND CMAKE_EXE_LINKER_FLAGS
  " -flto=${LMF_LTO} -fuse-ld=lld --ld-path=${lmf_linker}${lmf_wl}")
message(STATUS "lto-merge-functions: -flto=${LMF_LTO}, linker ${lmf_linker}, "
  "options '${LMF_LINK_OPTIONS}'")
