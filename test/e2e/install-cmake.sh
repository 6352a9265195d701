#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# After `cmake --install`, <prefix>/bin/ld.lld finds <prefix>/lib's plugin
# (also through a symlink to the binary), the DTLTO programs are beside it,
# and the documented ways to use it work: clang's --ld-path on the command
# line, a CMake full-LTO release build through CMAKE_EXE_LINKER_FLAGS /
# CMAKE_SHARED_LINKER_FLAGS, and the CMake package,
# find_package(LTOMergeFunctions) and lto_merge_functions()
# (docs/linker.md). The Debian package's own files (component `debian`)
# stay out of a plain install; deb-package.sh tests the package.
source "$(dirname "$0")/common.bash"

run_ok "cmake --install" cmake --install "$LMF_BUILD" --prefix "$WORK/prefix"
PREFIX_LD="$WORK/prefix/bin/ld.lld"
[[ -x "$PREFIX_LD" && -f "$WORK/prefix/lib/LTOMergeFunctions.so" ]] ||
  fail "install did not create bin/ld.lld and lib/LTOMergeFunctions.so: $(find prefix)"
check_text "installed --version names the installed plugin" \
  <("$PREFIX_LD" --version) <<CHECK
CHECK: {{^(Debian )?}}LLD 22.
CHECK-NEXT: {{^}}lto-merge-functions {{[0-9.]+}} (merge plugin $WORK/prefix/lib/LTOMergeFunctions.so){{\$}}
CHECK
for f in lib/cmake/LTOMergeFunctions/LTOMergeFunctionsConfig.cmake \
  share/doc/lto-merge-functions/README.md \
  share/doc/lto-merge-functions/docs/linker.md; do
  [[ -f $WORK/prefix/$f ]] || fail "install did not create $f"
done
[[ ! -L $WORK/prefix/lib/cmake/LTOMergeFunctions &&
  ! -e $WORK/prefix/share/doc/lto-merge-functions/copyright ]] ||
  fail "a plain install installed the Debian package's own files"
# The DTLTO programs beside it, the Dask distributor among them.
run_ok "installed lmf-dtlto-dask" "$WORK/prefix/bin/lmf-dtlto-dask" --help
check_text "installed lmf-dtlto-dask" run.out <<'CHECK'
CHECK: {{^}}usage: lmf-dtlto-dask
CHECK
[[ -x "$WORK/prefix/bin/lmf-thinlto-backend" && -x "$WORK/prefix/bin/lmf-thinlto-distribute" ]] ||
  fail "install did not create bin/lmf-thinlto-backend and bin/lmf-thinlto-distribute"

cat > prog.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { printf("%d\n", a(argc + 9) + b(argc + 8)); return 0; }
C
cc_lto prog.o prog.c

# The documented command line.
run_ok "clang --ld-path=<prefix>/bin/ld.lld" "$CC" -flto -fuse-ld=lld \
  --ld-path="$PREFIX_LD" prog.o -o prog -Wl,--lto-merge-functions -Wl,--print-merged-functions
check_text "installed linker merged" run.out <<'CHECK'
CHECK: {{^  removing identical function (a|b) }}
CHECK

# A symlink to the binary: the plugin is found next to the real binary.
mkdir -p elsewhere
ln -s "$PREFIX_LD" elsewhere/ld.lld
run_ok "through a symlink" "$CC" -flto -fuse-ld=lld --ld-path="$WORK/elsewhere/ld.lld" \
  prog.o -o prog2 -Wl,--lto-merge-functions -Wl,--print-merged-functions
check_text "symlinked linker merged" run.out <<'CHECK'
CHECK: {{^  removing identical function (a|b) }}
CHECK

# A CMake project: a static library, a shared library and a program.
mkdir -p proj
cat > proj/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(demo C)
add_library(util STATIC util.c)
add_library(shape SHARED shape.c)
add_executable(demo main.c)
target_link_libraries(demo PRIVATE util shape)
CMAKE
cat > proj/util.c <<'C'
__attribute__((noinline)) int util_a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 5 ^ s; return s; }
__attribute__((noinline)) int util_b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * 5 ^ s; return s; }
C
cat > proj/shape.c <<'C'
int shape_a(int x) { int s = 0; for (int i = 0; i < x; i++) s += (i * 3) ^ (s >> 1); return s; }
int shape_b(int x) { int s = 0; for (int i = 0; i < x; i++) s += (i * 3) ^ (s >> 1); return s; }
C
cat > proj/main.c <<'C'
#include <stdio.h>
int util_a(int), util_b(int), shape_a(int), shape_b(int);
int main(int argc, char **argv) {
  printf("%d %d %d %d\n", util_a(argc + 4), util_b(argc + 5), shape_a(argc + 6), shape_b(argc + 7));
  return 0;
}
C
linker="-flto=full -fuse-ld=lld --ld-path=$PREFIX_LD -Wl,--lto-merge-functions"
run_ok "cmake configure" cmake -S proj -B proj-build -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_AR="$LLVM_TOOLS/llvm-ar" -DCMAKE_RANLIB="$LLVM_TOOLS/llvm-ranlib" \
  -DCMAKE_C_FLAGS="-flto=full" \
  -DCMAKE_EXE_LINKER_FLAGS="$linker -Wl,--lto-merge-functions-report=$WORK/exe.json" \
  -DCMAKE_SHARED_LINKER_FLAGS="$linker -Wl,--lto-merge-functions-report=$WORK/shared.json" \
  -DCMAKE_NINJA_FORCE_RESPONSE_FILE=ON
run_ok "cmake build" cmake --build proj-build
expect_no_grep "no warning in the CMake build" 'warning' run.out
for r in exe shared; do
  [[ -s $r.json ]] || fail "CMake build: no $r report"
  check_text "CMake $r link merged" "$r.json" <<'CHECK'
CHECK: "functions_folded": {{[1-9]}}
CHECK
done
check_text "exe report" exe.json <<'CHECK'
CHECK: "name": "util_{{(a|b)}}"
CHECK
check_text "shared report" shared.json <<'CHECK'
CHECK: "name": "shape_{{(a|b)}}"
CHECK
"$CC" -O2 proj/*.c -o plain
expect_eq "CMake program output" "$(./plain)" "$(./proj-build/demo)"

# The CMake package, found in the prefix.
check_cmake_consumer "$WORK/prefix" "$PREFIX_LD" consumer
# Misuse is a configure error that says what is wrong.
expect_failure "lto_merge_functions() on a static library" \
  "lto_merge_functions\\(util\\): 'util' is" \
  cmake -S "$E2E_DIR/inputs/cmake-consumer" -B consumer-misuse -G Ninja \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_PREFIX_PATH="$WORK/prefix" -DCONSUMER_MISUSE=ON
check_text "the misuse names the target's type" err.txt <<'CHECK'
CHECK: STATIC_LIBRARY
CHECK
