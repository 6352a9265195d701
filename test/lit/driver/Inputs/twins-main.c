#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { printf("%d\n", a(argc + 5) + b(argc + 6)); return 0; }
