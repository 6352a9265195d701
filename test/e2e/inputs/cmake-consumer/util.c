// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Twins in a static library: its ThinLTO backend folds them.
__attribute__((noinline)) int util_a(int x) {
  int s = 0;
  for (int i = 0; i < x; i++)
    s += (i * 5) ^ s;
  return s;
}
__attribute__((noinline)) int util_b(int x) {
  int s = 0;
  for (int i = 0; i < x; i++)
    s += (i * 5) ^ s;
  return s;
}
