// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Twins in the program itself, and calls to the library's twins.
#include <stdio.h>

int util_a(int), util_b(int);

__attribute__((noinline)) int main_a(int x) {
  int s = 0;
  for (int i = 0; i < x; i++)
    s += (i * 3) ^ (s >> 1);
  return s;
}
__attribute__((noinline)) int main_b(int x) {
  int s = 0;
  for (int i = 0; i < x; i++)
    s += (i * 3) ^ (s >> 1);
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%d %d %d %d\n", main_a(argc + 4), main_b(argc + 5),
         util_a(argc + 6), util_b(argc + 7));
  return 0;
}
