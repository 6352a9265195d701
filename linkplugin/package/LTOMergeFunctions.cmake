# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# lto_merge_functions(): turns merging on for one target, the CMake way.
#
#   lto_merge_functions(<target> [LTO THIN|FULL] [MODE SAFE|ALL] [SIMILAR]
#                       [REPORT <file>] [PRINT])
#
# <target> is an executable or a shared or module library: merging happens
# when it is linked. Its link then runs our ld.lld (-fuse-ld=lld
# --ld-path=...) with --lto-merge-functions=<mode> (SAFE by default),
# --lto-merge-similar-functions with SIMILAR, the JSON report written to
# <file> with REPORT (relative to the current binary directory) and the
# listing of the merged functions printed with PRINT; docs/linker.md says
# what each option does.
#
# Merging needs LTO bitcode. LTO THIN (the default) turns on the target's
# INTERPROCEDURAL_OPTIMIZATION, which with Clang is ThinLTO, so a project
# that already builds with CMAKE_INTERPROCEDURAL_OPTIMIZATION needs nothing
# more; every ThinLTO backend then merges its module. LTO FULL compiles the
# target's own sources with -flto=full and links with it, after the
# -flto=thin that INTERPROCEDURAL_OPTIMIZATION adds, so the last one wins.
# Static libraries the target links merge only if they are LTO bitcode too
# (give them INTERPROCEDURAL_OPTIMIZATION or -flto=full; CMake archives
# them with llvm-ar).
#
# Only Clang writes the bitcode our LLVM reads, and its driver is what
# knows --ld-path: a C or C++ compiler that is not Clang, or a Clang newer
# than the LLVM our linker was built with, is an error at configure time.

function(lto_merge_functions target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "SIMILAR;PRINT" "LTO;MODE;REPORT" "")
  set(where "lto_merge_functions(${target})")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unexpected argument(s) "
      "'${ARG_UNPARSED_ARGUMENTS}'; it takes LTO THIN|FULL, MODE SAFE|ALL, "
      "SIMILAR, REPORT <file> and PRINT")
  endif()
  if(ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${where}: ${ARG_KEYWORDS_MISSING_VALUES} needs a "
      "value")
  endif()
  get_property(linker GLOBAL PROPERTY LTOMergeFunctions_LINKER)
  get_property(plugin GLOBAL PROPERTY LTOMergeFunctions_PLUGIN)
  get_property(llvm_version GLOBAL PROPERTY LTOMergeFunctions_LLVM_VERSION)
  if(NOT linker)
    message(FATAL_ERROR "${where}: call find_package(LTOMergeFunctions) "
      "first")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${where}: there is no target '${target}'")
  endif()
  get_target_property(type ${target} TYPE)
  get_target_property(imported ${target} IMPORTED)
  if(imported)
    message(FATAL_ERROR "${where}: '${target}' is imported, built elsewhere; "
      "call it on a target of this project")
  endif()
  if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
    message(FATAL_ERROR "${where}: '${target}' is a ${type}, which is not "
      "linked; call it on the executable or shared library that links it")
  endif()

  set(lto THIN)
  if(DEFINED ARG_LTO)
    string(TOUPPER "${ARG_LTO}" lto)
  endif()
  set(mode SAFE)
  if(DEFINED ARG_MODE)
    string(TOUPPER "${ARG_MODE}" mode)
  endif()
  if(NOT lto MATCHES "^(THIN|FULL)$")
    message(FATAL_ERROR "${where}: LTO '${ARG_LTO}' is neither THIN nor FULL")
  endif()
  if(NOT mode MATCHES "^(SAFE|ALL)$")
    message(FATAL_ERROR "${where}: MODE '${ARG_MODE}' is neither SAFE nor ALL")
  endif()
  _lto_merge_functions_check_compilers("${where}" "${llvm_version}")

  if(lto STREQUAL "THIN")
    set_property(TARGET ${target} PROPERTY INTERPROCEDURAL_OPTIMIZATION ON)
  else()
    target_compile_options(${target} PRIVATE -flto=full)
    target_link_options(${target} PRIVATE -flto=full)
  endif()
  string(TOLOWER "${mode}" mode)
  set(options -fuse-ld=lld "--ld-path=${linker}"
              "LINKER:--lto-merge-functions=${mode}")
  if(ARG_SIMILAR)
    list(APPEND options "LINKER:--lto-merge-similar-functions")
  endif()
  if(DEFINED ARG_REPORT)
    get_filename_component(report "${ARG_REPORT}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    list(APPEND options "LINKER:--lto-merge-functions-report=${report}")
    set_property(TARGET ${target} APPEND PROPERTY ADDITIONAL_CLEAN_FILES
                 "${report}")
  endif()
  if(ARG_PRINT)
    list(APPEND options "LINKER:--print-merged-functions")
  endif()
  target_link_options(${target} PRIVATE ${options})
  # A new linker or plugin (a package upgrade) relinks the target.
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${linker}"
               "${plugin}")
endfunction()

# Every enabled C and C++ compiler must be a Clang whose bitcode the LLVM
# of our linker reads (the same major version or an older one).
function(_lto_merge_functions_check_compilers where llvm_version)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  string(REGEX MATCH "^[0-9]+" llvm_major "${llvm_version}")
  foreach(lang IN ITEMS C CXX)
    if(NOT lang IN_LIST languages)
      continue()
    endif()
    set(id "${CMAKE_${lang}_COMPILER_ID}")
    set(version "${CMAKE_${lang}_COMPILER_VERSION}")
    if(NOT id STREQUAL "Clang")
      message(FATAL_ERROR "${where}: the ${lang} compiler is ${id} "
        "${version} (${CMAKE_${lang}_COMPILER}); merging at link time needs "
        "Clang's LTO bitcode: configure with "
        "-DCMAKE_${lang}_COMPILER=clang-${llvm_major} (or clang++-${llvm_major})")
    endif()
    string(REGEX MATCH "^[0-9]+" major "${version}")
    if(major GREATER llvm_major)
      message(FATAL_ERROR "${where}: the ${lang} compiler is Clang ${version}, "
        "whose bitcode the LLVM ${llvm_version} of our ld.lld cannot read; use "
        "Clang ${llvm_major}")
    endif()
  endforeach()
endfunction()
