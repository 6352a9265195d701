/* Looks like our plugin (it has the run counter), built for another LLVM:
   -DAPI= sets its pass-plugin API version, -DBUILT_FOR= the LLVM version it
   says it was built for (none: an older build of ours that does not say). */
struct Info { unsigned APIVersion; const char *Name, *Version; void (*Register)(void *); };
static void reg(void *pb) { (void)pb; }
struct Info llvmGetPassPluginInfo(void) {
  struct Info i = {API, "LTOMergeFunctions", "0.0-other-llvm", reg};
  return i;
}
unsigned lto_merge_functions_run_count(void) { return 0; }
#ifdef BUILT_FOR
const char *lto_merge_functions_llvm_version(void) { return BUILT_FOR; }
#endif
