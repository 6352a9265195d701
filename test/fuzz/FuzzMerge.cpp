//===- FuzzMerge.cpp - libFuzzer target: any module through the merger ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Built with -fsanitize=fuzzer,address,undefined over core/ and parallel/
// (test/fuzz/sanitized/CMakeLists.txt); libLLVM itself is not
// instrumented, so coverage and sanitizers watch our code.
//
// An input is a module, as bitcode or IR text. Inputs that do not parse or
// verify are dropped: the target is the merger, not LLVM's readers. For a
// valid module, with options drawn from the input's hash:
//
//  * every function compares equal to itself and to an exact copy of it,
//    with equal hashes, and the total-order laws hold on the definitions;
//  * mergeModule with the verifier succeeds and the module verifies;
//  * a parallel run (2 to 4 threads, no serial threshold) on a copy gives
//    the same module text;
//  * the merge oracles hold (Oracles.h).
// Any violation aborts, which libFuzzer reports as a crash.
//
// The custom mutator keeps most mutants valid: it parses the input and
// applies an IR-level change (clone a function with one mutation, mutate a
// function in place, or one of LLVM's FuzzMutate strategies), and falls
// back to byte-level mutation when the input does not parse.
//
//===----------------------------------------------------------------------===//

#include "Mutator.h"
#include "Oracles.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/GlobalNumbering.h"
#include "core/MergeModule.h"
#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/FuzzMutate/IRMutator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <tbb/global_control.h>

#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace lmf;
using namespace lmf::fuzz;

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

namespace {

constexpr size_t MaxInput = 128 * 1024;
constexpr unsigned MaxCompared = 24;

bool looksLikeBitcode(const uint8_t *Data, size_t Size) {
  return Size >= 4 && llvm::isBitcode(Data, Data + Size);
}

std::unique_ptr<Module> parse(const uint8_t *Data, size_t Size,
                              LLVMContext &Ctx) {
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  if (looksLikeBitcode(Data, Size)) {
    Expected<std::unique_ptr<Module>> M =
        parseBitcodeFile(MemoryBufferRef(Bytes, "input.bc"), Ctx);
    if (!M) {
      consumeError(M.takeError());
      return nullptr;
    }
    return std::move(*M);
  }
  // The IR parser needs a terminating NUL.
  std::unique_ptr<MemoryBuffer> Buf =
      MemoryBuffer::getMemBufferCopy(Bytes, "input.ll");
  SMDiagnostic Err;
  return parseAssembly(Buf->getMemBufferRef(), Err, Ctx);
}

bool brokenModule(const Module &M) {
  bool BrokenDebugInfo = false;
  return verifyModule(M, nullptr, &BrokenDebugInfo) || BrokenDebugInfo;
}

std::string printModule(const Module &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  // CloneModule numbers the source atoms of a clone's debug locations (key
  // instructions) from a counter of the context, so two clones of one
  // module differ there; the merges being compared do not. A location's
  // rank is not always printed after its group.
  static const Regex Atoms(", atomGroup: [0-9]+(, atomRank: [0-9]+)?");
  std::string Error;
  while (Atoms.match(Text))
    Text = Atoms.sub("", Text, &Error);
  return Text;
}

[[noreturn]] void die(const Twine &What, const Module *M = nullptr) {
  errs() << "lmf-fuzz-merge: " << What << "\n";
  if (M)
    errs() << "---- module:\n" << printModule(*M) << "----\n";
  std::abort();
}

int sign(int V) { return (V > 0) - (V < 0); }

/// Comparator and hash properties on the definitions of M, plus an exact
/// copy of the first few, which stay in the module for the merge.
void checkComparator(Module &M) {
  std::vector<Function *> Defs;
  for (Function &F : M)
    if (!F.isDeclaration() && Defs.size() < MaxCompared)
      Defs.push_back(&F);
  std::vector<std::pair<Function *, Function *>> Copies;
  for (size_t I = 0; I < Defs.size() && I < 4; ++I) {
    bool Eligible = !Defs[I]->hasAvailableExternallyLinkage() &&
                    Defs[I]->hasName() && !usesOwnAddress(*Defs[I]);
    for (const BasicBlock &BB : *Defs[I])
      Eligible &= !BB.hasAddressTaken();
    if (Eligible)
      Copies.push_back(
          {Defs[I],
           cloneFunction(*Defs[I], (Defs[I]->getName() + ".copy").str())});
  }
  if (brokenModule(M))
    return; // a clone of an exotic function; not our concern here
  GlobalNumbering Globals(M);
  AnnotationPolicy Policy(M);
  EncodingContext Ctx{Globals, Policy};
  Encoding Scratch;
  for (auto &[F, Copy] : Copies) {
    if (compareFunctions(*F, *Copy, Ctx) != 0)
      die("@" + F->getName() + " and its exact copy compare unequal", &M);
    if (hashFunction(*F, Ctx, Scratch) != hashFunction(*Copy, Ctx, Scratch))
      die("@" + F->getName() + " and its exact copy hash differently", &M);
  }
  size_t N = Defs.size();
  std::vector<uint64_t> Hash(N);
  for (size_t I = 0; I < N; ++I)
    Hash[I] = hashFunction(*Defs[I], Ctx, Scratch);
  std::vector<std::vector<int>> C(N, std::vector<int>(N));
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < N; ++J) {
      C[I][J] = sign(compareFunctions(*Defs[I], *Defs[J], Ctx));
      if (C[I][J] == 0 && Hash[I] != Hash[J])
        die("@" + Defs[I]->getName() + " and @" + Defs[J]->getName() +
                " compare equal but hash differently",
            &M);
    }
  uint64_t Triples = 0;
  std::string Law = checkTotalOrder(C, Triples);
  if (!Law.empty())
    die("total order: " + Law, &M);
}

void checkMerge(Module &M, uint64_t Choice) {
  MergeOptions Opts;
  Opts.Mode = Choice & 1 ? MergeMode::All : MergeMode::Safe;
  Opts.Similar.Enabled = (Choice & 32) != 0;
  Opts.Similar.Callees = (Choice & 64) != 0;
  Opts.Similar.Integers = (Choice & 128) != 0;
  Opts.Aligned.Enabled = (Choice & 256) != 0;
  if (Choice & 512)
    Opts.Aligned.MinimumGain = -1000000;
  Opts.Verify = true;
  std::string Before = printModule(M);
  std::unique_ptr<Module> Copy = CloneModule(M);
  StringMap<FunctionSnapshot> Snap = snapshotModule(M);

  Expected<MergeResult> R = mergeModule(M, Opts, serialRunner());
  if (!R)
    die("mergeModule failed: " + toString(R.takeError()) + "\n---- input:\n" +
        Before);
  if (brokenModule(M))
    die("the module does not verify after merging\n---- input:\n" + Before);
  std::vector<std::string> Problems =
      lmf::fuzz::checkMerge(M, *R, Snap, Opts.Mode);
  if (!Problems.empty())
    die("merge oracle: " + Problems.front() + "\n---- input:\n" + Before);

  // Same input, serial and parallel: CloneModule does not keep use-list
  // orders, so both runs start from a clone.
  std::unique_ptr<Module> SerialCopy = CloneModule(*Copy);
  if (Expected<MergeResult> RS = mergeModule(*SerialCopy, Opts, serialRunner());
      !RS)
    die("mergeModule on a copy failed: " + toString(RS.takeError()));
  unsigned Threads = 2 + (Choice >> 3) % 3;
  std::unique_ptr<TaskRunner> Par = createTaskRunner(Threads);
  MergeOptions ParOpts = Opts;
  ParOpts.SerialThreshold = 0;
  Expected<MergeResult> RP = mergeModule(*Copy, ParOpts, *Par);
  if (!RP)
    die("parallel mergeModule failed: " + toString(RP.takeError()));
  if (printModule(*SerialCopy) != printModule(*Copy))
    die("serial and " + Twine(Threads) +
        "-thread merges differ\n---- input:\n" + Before);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  static tbb::global_control Limit(tbb::global_control::max_allowed_parallelism,
                                   4);
  // The IR parser "upgrades" debug info by running the verifier and aborts
  // the process on a broken module with debug info; we verify ourselves
  // and drop broken inputs instead.
  const char *Args[] = {"lmf-fuzz-merge", "-disable-auto-upgrade-debug-info"};
  cl::ParseCommandLineOptions(2, Args);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > MaxInput)
    return 0;
  LLVMContext Ctx;
  // Diagnostics of invalid inputs are not findings.
  Ctx.setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {},
                                   nullptr);
  std::unique_ptr<Module> M = parse(Data, Size, Ctx);
  if (!M || brokenModule(*M))
    return -1; // not worth keeping in the corpus
  checkComparator(*M);
  if (brokenModule(*M))
    return 0;
  checkMerge(*M, xxh3_64bits(ArrayRef<uint8_t>(Data, Size)));
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size,
                                          size_t MaxSize, unsigned Seed) {
  std::mt19937_64 Rng(Seed);
  LLVMContext Ctx;
  Ctx.setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {},
                                   nullptr);
  std::unique_ptr<Module> M;
  // LLVM's bitcode reader is not hardened against corrupt input (it can
  // crash or allocate without bound; corrupt-bitcode.sh checks the linker on
  // corrupt bitcode against stock ld.lld-22), so bitcode is only ever
  // written by this mutator, never changed byte by byte. Text is: one in
  // eight mutations of a text input works on bytes, so the parser's error
  // paths and the corpus's raw form stay exercised too.
  bool InputIsBitcode = looksLikeBitcode(Data, Size);
  if (!InputIsBitcode && Rng() % 8 == 0)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  if (!(M = parse(Data, Size, Ctx)) || brokenModule(*M))
    return InputIsBitcode ? Size : LLVMFuzzerMutate(Data, Size, MaxSize);
  bool AsBitcode = InputIsBitcode;
  if (Rng() % 8 == 0)
    AsBitcode = !AsBitcode;

  std::vector<Function *> Defs;
  for (Function &F : *M)
    if (!F.isDeclaration() && F.hasName() && !F.isIntrinsic())
      Defs.push_back(&F);
  unsigned Choice = Rng() % 4;
  if (Defs.empty())
    Choice = 3;
  if (Choice <= 1) {
    // A mutated clone, or the same change in place; of any kind, those aimed
    // at similar merging included.
    MutatorOptions MO;
    MO.SimilarKinds = true;
    Mutator Mu(Rng(), MO);
    Function *F = Defs[Rng() % Defs.size()];
    Mutation Out;
    if (Choice == 0) {
      Mu.cloneAndMutate(*F, (F->getName() + ".f").str(), Out);
    } else {
      for (unsigned Try = 0; Try < 8; ++Try)
        if (Mu.mutate(*F,
                      MutationKind(Mu.below(unsigned(MutationKind::NumKinds))),
                      Out))
          break;
    }
  } else if (Choice == 2) {
    // Two functions that call each other's twins make refinement work.
    Function *F = Defs[Rng() % Defs.size()];
    cloneFunction(*F, (F->getName() + ".twin").str());
  } else {
    std::vector<TypeGetter> Types{Type::getInt1Ty,
                                  Type::getInt8Ty,
                                  Type::getInt16Ty,
                                  Type::getInt32Ty,
                                  Type::getInt64Ty,
                                  Type::getFloatTy,
                                  Type::getDoubleTy,
                                  [](LLVMContext &C) { return PointerType::get(C, 0); }};
    std::vector<std::unique_ptr<IRMutationStrategy>> Strategies;
    Strategies.push_back(std::make_unique<InjectorIRStrategy>());
    Strategies.push_back(std::make_unique<InstDeleterIRStrategy>());
    Strategies.push_back(std::make_unique<InstModificationIRStrategy>());
    Strategies.push_back(std::make_unique<InsertFunctionStrategy>());
    Strategies.push_back(std::make_unique<InsertCFGStrategy>());
    Strategies.push_back(std::make_unique<InsertPHIStrategy>());
    Strategies.push_back(std::make_unique<ShuffleBlockStrategy>());
    IRMutator Mut(std::move(Types), std::move(Strategies));
    Mut.mutateModule(*M, Rng(), 2000);
  }
  if (brokenModule(*M))
    return InputIsBitcode ? Size : LLVMFuzzerMutate(Data, Size, MaxSize);

  std::string Out;
  raw_string_ostream OS(Out);
  if (AsBitcode)
    WriteBitcodeToFile(*M, OS);
  else
    M->print(OS, nullptr);
  OS.flush();
  if (Out.size() > MaxSize)
    return InputIsBitcode ? Size : LLVMFuzzerMutate(Data, Size, MaxSize);
  std::memcpy(Data, Out.data(), Out.size());
  return Out.size();
}

/// Crossing over splices bytes; only IR text may be spliced (see above).
/// The result takes the first half of one module's lines and the second
/// half of the other's, which often still parses.
extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *Data1, size_t Size1,
                                            const uint8_t *Data2, size_t Size2,
                                            uint8_t *Out, size_t MaxOutSize,
                                            unsigned Seed) {
  if (looksLikeBitcode(Data1, Size1) || looksLikeBitcode(Data2, Size2))
    return 0;
  StringRef A(reinterpret_cast<const char *>(Data1), Size1);
  StringRef B(reinterpret_cast<const char *>(Data2), Size2);
  size_t CutA = A.find('\n', Seed % (Size1 + 1));
  size_t CutB = B.find('\n', (Seed / 7) % (Size2 + 1));
  StringRef Head = A.substr(0, CutA == StringRef::npos ? Size1 : CutA + 1);
  StringRef Tail = CutB == StringRef::npos ? StringRef() : B.substr(CutB + 1);
  size_t N = std::min(MaxOutSize, Head.size() + Tail.size());
  std::string Joined = (Head + Tail).str();
  std::memcpy(Out, Joined.data(), N);
  return N;
}
