#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The Debian package, as a release engineer makes it and a build machine
# uses it: `cpack -G DEB` from the build tree, then, without installing it
# on this machine, `dpkg-deb -x` into a scratch root, and programs linked
# with the linker found there.
#
# It checks what the package promises (linkplugin/package/CMakeLists.txt):
# its name and version (those `ld.lld --version` prints, with LLD's);
# nothing outside /usr/lib/lto-merge-functions, its docs and its CMake
# link, and no path any installed package owns, so it cannot clash with
# lld-22; no library of the system copied in, and every library its
# programs load comes from a package its Depends names, libLLVM at the
# exact version we built against; no run path into the build tree. Then the
# unpacked linker, found by path only, loads the unpacked plugin and links
# and runs a program with full LTO, ThinLTO and DTLTO (its remote compiler
# the unpacked lmf-thinlto-backend), and the CMake consumer project finds
# the package through /usr/lib/cmake/LTOMergeFunctions in the scratch root.
source "$(dirname "$0")/common.bash"

need "$LMF_BUILD/CPackConfig.cmake"
run_ok "cpack" cpack -G DEB --config "$LMF_BUILD/CPackConfig.cmake" -B "$WORK/pkg"
debs=("$WORK"/pkg/*.deb)
((${#debs[@]} == 1)) && [[ -f ${debs[0]} ]] || fail "cpack made no single .deb: ${debs[*]}"
DEB=${debs[0]}
note "$(basename "$DEB"), $(stat -c %s "$DEB") bytes"

# Name, version, dependencies.
VERSION=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$LMF_BUILD/CMakeCache.txt")
[[ -n $VERSION ]] || fail "no CMAKE_PROJECT_VERSION in the build's cache"
expect_eq "package name" lto-merge-functions "$(dpkg-deb -f "$DEB" Package)"
expect_eq "package version" "$VERSION-1" "$(dpkg-deb -f "$DEB" Version)"
expect_eq "package file name" "lto-merge-functions_${VERSION}-1_amd64.deb" \
  "$(basename "$DEB")"
DEPENDS=$(dpkg-deb -f "$DEB" Depends)
LLVM_VERSION=$(dpkg-query -W -f='${Version}' libllvm22)
[[ $DEPENDS == *"libllvm22 (= $LLVM_VERSION)"* ]] ||
  fail "Depends does not pin libllvm22 (= $LLVM_VERSION): $DEPENDS"
# The package names alone, one a line.
DEPENDS_NAMES=$(sed 's/ *([^)]*)//g; s/, */\n/g' <<< "$DEPENDS")

# Where its files go.
dpkg-deb -c "$DEB" | awk '{ print $6 }' | sed 's|^\./|/|' > contents.txt
stray=$(grep -Ev '^/usr/(lib/|share/|share/doc/|lib/cmake/)?$|^/usr/lib/lto-merge-functions/|^/usr/share/doc/lto-merge-functions/|^/usr/lib/cmake/LTOMergeFunctions$' contents.txt || true)
[[ -z $stray ]] || fail "files outside the prefix, the docs and the CMake link: $stray"
for f in bin/ld.lld bin/lmf-thinlto-backend bin/lmf-thinlto-distribute \
  lib/LTOMergeFunctions.so lib/cmake/LTOMergeFunctions/LTOMergeFunctionsConfig.cmake; do
  check_text "package has $f" contents.txt <<CHECK
CHECK: {{^}}/usr/lib/lto-merge-functions/$f{{\$}}
CHECK
done
for f in copyright README.md docs/linker.md docs/distributed-backends.md \
  docs/report-schema.md docs/smallest-binary.md; do
  check_text "package has $f" contents.txt <<CHECK
CHECK: {{^}}/usr/share/doc/lto-merge-functions/$f{{\$}}
CHECK
done
expect_no_grep "no library copied in but the plugin" '\.so(\.[0-9]+)*$' \
  <(grep -v '/LTOMergeFunctions\.so$' contents.txt)
# No file of the package belongs to a package installed here (lld-22's
# /usr/lib/llvm-22/bin/ld.lld, or /usr/bin/ld.lld of `lld`).
owned=$(grep -v '/$' contents.txt | xargs dpkg -S 2>/dev/null || true)
[[ -z $owned ]] || fail "the package would overwrite installed files: $owned"

run_ok "dpkg-deb -x" dpkg-deb -x "$DEB" root
ROOT="$WORK/root"
P="$ROOT/usr/lib/lto-merge-functions"
LD="$P/bin/ld.lld"

# package_of LIB: the installed package that owns the file LIB resolves
# to, by its real path or that without /usr (dpkg knows merged-/usr files
# by their old names). Not the owner of a symbolic link on the way: the
# run path /usr/lib/llvm-22/lib holds llvm-22-dev's link to libLLVM, and
# where that package is absent the loader finds libllvm22's file in the
# default directories.
package_of() {
  local real path owner
  real=$(readlink -f "$1")
  for path in "$real" "${real#/usr}"; do
    owner=$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1 || true)
    if [[ -n $owner ]]; then
      echo "$owner"
      return
    fi
  done
}

# Libraries and run paths of the unpacked programs: each library a program
# needs (not those its libraries need) comes from a package of Depends.
for elf in "$P"/bin/* "$P/lib/LTOMergeFunctions.so"; do
  # lmf-dtlto-dask is a Python program.
  [[ $(head -c 4 "$elf") == $'\x7fELF' ]] || continue
  ldd "$elf" > ldd.txt || fail "ldd $elf"
  expect_no_grep "$(basename "$elf") finds all its libraries" 'not found' ldd.txt
  while read -r lib; do
    owner=$(package_of "$lib")
    [[ -n $owner ]] || fail "$(basename "$elf") loads $lib, which no package owns"
    grep -qxF "$owner" <<< "$DEPENDS_NAMES" ||
      fail "$(basename "$elf") loads $lib of $owner, which Depends lacks: $DEPENDS"
  done < <(readelf -d "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
    while read -r needed; do
      awk -v n="$needed" '$1 == n && $2 == "=>" { print $3 }' ldd.txt
    done)
  runpath=$(readelf -d "$elf" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  [[ -z $runpath ]] && continue
  [[ $runpath != :* && $runpath != *: && $runpath != *::* ]] ||
    fail "$(basename "$elf") has an empty run path entry (the working directory): '$runpath'"
  IFS=: read -r -a dirs <<< "$runpath"
  for d in "${dirs[@]}"; do
    [[ $d == /usr/lib/* ]] ||
      fail "$(basename "$elf") has run path '$runpath': '$d' is not a system directory"
  done
done

# --version: ours and LLD's, and the plugin of the unpacked package.
"$LD" --version > version.txt || fail "ld.lld --version failed"
check_text "--version names LLD, then ours and the unpacked plugin" version.txt <<CHECK
CHECK: {{^(Debian )?}}LLD 22.
CHECK-NEXT: {{^}}lto-merge-functions $VERSION (merge plugin $P/lib/LTOMergeFunctions.so){{\$}}
CHECK

# Link and run: full LTO, ThinLTO, DTLTO.
cat > prog.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { printf("%d\n", a(argc + 9) + b(argc + 8)); return 0; }
C
"$CC" -O2 prog.c -o plain
cc_lto full.o prog.c
"$CC" -O2 -flto=thin -c prog.c -o thin.o
link_packaged() {
  local what="$1" out="$2"
  shift 2
  run_ok "$what" "$CC" -fuse-ld=lld --ld-path="$LD" "$@" -o "$out" \
    -Wl,--lto-merge-functions -Wl,--print-merged-functions
  check_text "$what merged" run.out <<'CHECK'
CHECK: {{^  removing identical function (a|b) }}
CHECK
  expect_eq "$what program output" "$(./plain)" "$("./$out")"
}
link_packaged "full LTO" prog-full -flto full.o
link_packaged "ThinLTO" prog-thin -flto=thin thin.o
link_packaged "DTLTO" prog-dtlto -flto=thin thin.o \
  -Wl,--thinlto-distributor="$(command -v python3)" \
  -Wl,--thinlto-distributor-arg="$E2E_DIR/../dtlto/local_distributor.py"
cmp -s prog-thin prog-dtlto || fail "DTLTO linked another program than ThinLTO"

# The CMake package, found through /usr/lib/cmake in the scratch root.
check_cmake_consumer "$ROOT/usr" "$LD" consumer
