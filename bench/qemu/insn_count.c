/*===- insn_count.c - Count the guest instructions qemu-user runs ---------===*
 *
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 * cachegrind counts the instructions an x86-64 program executes; a program
 * cross-built for AArch64 runs under qemu-user, which counts nothing by
 * itself and whose Debian package ships no plugins. This plugin, loaded
 * with `qemu-aarch64 -plugin <this .so>`, counts every guest instruction
 * executed: when qemu translates a block it adds the block's instruction
 * count to one counter each time the block runs (an inline add, no call),
 * and at exit it writes the total to the file the plugin's `out=` argument
 * names (standard error without one), as `instructions <N>`.
 *
 * The few declarations below are qemu's plugin interface as its version 1
 * (qemu 7.2, Debian 12) exports it; qemu checks qemu_plugin_version before
 * it calls anything else. One counter for all threads: exact for the
 * single-threaded programs it is used on (CTMark's).
 *
 *===----------------------------------------------------------------------===*/

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*tb_trans_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*atexit_cb)(qemu_plugin_id_t, void *);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, tb_trans_cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *,
                                              enum qemu_plugin_op, void *,
                                              uint64_t);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, atexit_cb, void *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t Executed;
static char OutPath[4096];

static void on_translate(qemu_plugin_id_t Id, struct qemu_plugin_tb *TB) {
  (void)Id;
  qemu_plugin_register_vcpu_tb_exec_inline(
      TB, QEMU_PLUGIN_INLINE_ADD_U64, &Executed, qemu_plugin_tb_n_insns(TB));
}

static void report_at_exit(qemu_plugin_id_t Id, void *Data) {
  (void)Id;
  (void)Data;
  FILE *Out = OutPath[0] ? fopen(OutPath, "w") : stderr;
  if (!Out) {
    fprintf(stderr, "insn_count: cannot write '%s'\n", OutPath);
    return;
  }
  fprintf(Out, "instructions %" PRIu64 "\n", Executed);
  if (Out != stderr)
    fclose(Out);
}

__attribute__((visibility("default"))) int
qemu_plugin_install(qemu_plugin_id_t Id, const void *Info, int Argc,
                    char **Argv) {
  (void)Info;
  for (int I = 0; I < Argc; ++I) {
    if (strncmp(Argv[I], "out=", 4) != 0) {
      fprintf(stderr, "insn_count: unknown argument '%s' (out=<file>)\n",
              Argv[I]);
      return -1;
    }
    snprintf(OutPath, sizeof OutPath, "%s", Argv[I] + 4);
  }
  qemu_plugin_register_vcpu_tb_trans_cb(Id, on_translate);
  qemu_plugin_register_atexit_cb(Id, report_at_exit, NULL);
  return 0;
}
