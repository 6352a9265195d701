//===- IRCheck.cpp - lmf-ircheck: the merger on mutated clones ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For every input module (llvm-stress output, or any IR), grow families of
// mutated clones (Families.h) and check, with the core API directly:
//
//  * an exact copy compares equal to its base and hashes equal;
//  * a clone whose change matters compares unequal to its base;
//  * compare == 0 implies equal hashes, for every pair in a family;
//  * the total-order laws hold on all triples within each family and
//    within each hash bucket of the module;
//  * mergeModule with the verifier passes, the module verifies after,
//    and serial and parallel runs give the same module text;
//  * no fold group mixes members that differ (Families.h), and the merge
//    oracles hold (Oracles.h);
//  * with the wildcards of similar merging (SimilarOracles.h), a change at a
//    parameter position compares equal, a swapped callee equal exactly with
//    callee wildcards when it may be a parameter, any other change that
//    matters unequal, and the laws above hold too (also on the module's
//    buckets of equal wildcard hashes). Each family has --similar-clones
//    clones aimed at that, besides the --clones random ones.
//
// Clones whose change should not matter (flags, metadata, attributes,
// layout) but compare unequal are counted as missed folds, not failures;
// changes the position rules cannot place that compare unequal under
// wildcards, as missed similar pairs.
// A module that fails is written to --artifacts as the IR before merging.
//
//===----------------------------------------------------------------------===//

#include "Families.h"
#include "Oracles.h"
#include "SimilarOracles.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/GlobalNumbering.h"
#include "core/MergeModule.h"
#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <tbb/global_control.h>

#include <algorithm>
#include <map>

using namespace llvm;
using namespace lmf;
using namespace lmf::fuzz;

namespace {

cl::list<std::string> Inputs(cl::Positional, cl::desc("<module.ll|.bc>..."),
                             cl::OneOrMore);
cl::opt<unsigned> Clones("clones", cl::desc("Clones per base function"),
                         cl::init(12));
cl::opt<unsigned> SimilarClones(
    "similar-clones",
    cl::desc("Clones per base function with a change aimed at similar "
             "merging (a global, a callee, an argument or a stored value)"),
    cl::init(3));
cl::opt<uint64_t> Seed("seed", cl::desc("Random seed"), cl::init(1));
cl::opt<uint64_t> ModuleSeed(
    "module-seed",
    cl::desc("Seed of every module (replays a failure reported with it)"),
    cl::init(0));
cl::opt<unsigned> MaxBases("max-bases", cl::desc("Base functions per module"),
                           cl::init(8));
cl::opt<unsigned> Threads("parallel-threads",
                          cl::desc("Threads of the parallel run"), cl::init(4));
cl::opt<unsigned> BucketCap("bucket-cap",
                            cl::desc("Members per bucket in the law check"),
                            cl::init(40));
cl::opt<std::string> Artifacts("artifacts",
                               cl::desc("Directory for failing modules"),
                               cl::init(""));
cl::opt<bool> Verbose("v",
                      cl::desc("Print every missed fold and similar pair"));

struct Stats {
  uint64_t Modules = 0, Skipped = 0, Functions = 0, Clones = 0, Callers = 0;
  uint64_t Triples = 0, Buckets = 0, Groups = 0, Folded = 0, Problems = 0;
  uint64_t EqualFolded = 0, EqualClones = 0;
  /// Functions that shared a similar body.
  uint64_t SimilarMerged = 0;
  uint64_t AlignedMerged = 0;
  /// Multi-member buckets of equal wildcard hashes (both kinds).
  uint64_t WildcardBuckets = 0;
  SimilarCounts Similar;
  std::map<std::string, uint64_t> ByKind, MissedByKind;
};

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

int sign(int V) { return (V > 0) - (V < 0); }

class ModuleCheck {
public:
  ModuleCheck(StringRef Path, uint64_t ModuleSeed, Stats &S, TaskRunner &Par)
      : Path(Path), ModuleSeed(ModuleSeed), S(S), Par(Par) {}
  void run();

private:
  void problem(const std::string &What) { Problems.push_back(What); }
  void checkComparator(Module &M);
  void checkFamily(unsigned Family, const EncodingContext &Ctx, Module &M);
  void checkSimilar(const std::vector<const FamilyMember *> &Fam,
                    const std::vector<const Function *> &Fns,
                    const std::vector<std::vector<int>> &C,
                    const EncodingContext &Ctx);
  void checkBuckets(const EncodingContext &Ctx, Module &M, uint64_t &Count,
                    StringRef Under);
  void checkMerge(Module &M, Mutator &Mu);
  void report();

  StringRef Path;
  uint64_t ModuleSeed;
  Stats &S;
  TaskRunner &Par;
  std::vector<FamilyMember> Members;
  std::vector<std::string> Problems;
  std::string Before;
  /// Serial and parallel results, when they differ.
  std::vector<std::string> Outputs;
};

void ModuleCheck::run() {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M || verifyModule(*M)) {
    ++S.Skipped;
    errs() << "lmf-ircheck: skipping " << Path << ": "
           << (M ? "does not verify" : Err.getMessage()) << "\n";
    return;
  }
  ++S.Modules;
  Mutator Mu(ModuleSeed);
  FamilyOptions FO;
  FO.Clones = Clones;
  FO.MaxBases = MaxBases;
  FO.SimilarClones = SimilarClones;
  Members = growFamilies(*M, Mu, FO);
  for (const FamilyMember &FM : Members) {
    if (FM.Caller) {
      ++S.Callers;
    } else if (!FM.Base) {
      ++S.Clones;
      ++S.ByKind[kindName(FM.Change.Kind).str()];
    }
  }
  for (const Function &F : *M)
    S.Functions += !F.isDeclaration();
  Before = printModule(*M);
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (verifyModule(*M, &OS)) {
    problem("the mutator produced invalid IR (a harness bug): " + Msg);
    report();
    return;
  }
  checkComparator(*M);
  checkMerge(*M, Mu);
  report();
}

void ModuleCheck::checkComparator(Module &M) {
  GlobalNumbering Globals(M);
  AnnotationPolicy Policy(M);
  EncodingContext Ctx{Globals, Policy};
  unsigned Families = Members.empty() ? 0 : Members.back().Family + 1;
  for (unsigned Fam = 0; Fam < Families; ++Fam)
    checkFamily(Fam, Ctx, M);
  checkBuckets(Ctx, M, S.Buckets, "");
  checkBuckets(wildcardContext(Ctx, false), M, S.WildcardBuckets,
               " under parameter wildcards");
  checkBuckets(wildcardContext(Ctx, true), M, S.WildcardBuckets,
               " under callee wildcards");
  checkBuckets(wildcardContext(Ctx, false, true), M, S.WildcardBuckets,
               " under integer wildcards");
}

void ModuleCheck::checkFamily(unsigned Family, const EncodingContext &Ctx,
                              Module &M) {
  std::vector<const FamilyMember *> Fam;
  std::vector<const Function *> Fns;
  for (const FamilyMember &FM : Members)
    if (FM.Family == Family && !FM.Caller) {
      Fam.push_back(&FM);
      Fns.push_back(M.getFunction(FM.Name));
    }
  size_t N = Fns.size();
  std::vector<uint64_t> Hash(N);
  Encoding Scratch;
  for (size_t I = 0; I < N; ++I)
    Hash[I] = hashFunction(*Fns[I], Ctx, Scratch);
  std::vector<std::vector<int>> C(N, std::vector<int>(N));
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < N; ++J)
      C[I][J] = sign(compareFunctions(*Fns[I], *Fns[J], Ctx));
  const std::string &BaseName = Fam[0]->Name;
  for (size_t I = 1; I < N; ++I) {
    const Mutation &Ch = Fam[I]->Change;
    std::string Who = "@" + Fam[I]->Name + " (" + kindName(Ch.Kind).str() +
                      ": " + Ch.Description + ") vs @" + BaseName;
    if (Ch.Kind == MutationKind::Copy && !usesOwnAddress(*Fns[0]) &&
        (C[0][I] != 0 || Hash[0] != Hash[I]))
      problem(Who + ": an exact copy " +
              (C[0][I] ? "compares unequal" : "hashes differently"));
    if (Ch.Expect == Expectation::Unequal && C[0][I] == 0)
      problem(Who + ": a change that matters compares equal");
    if (Ch.Expect == Expectation::Equal) {
      ++S.EqualClones;
      // A copy of a function that compares its own address is rightly
      // different: it compares another address.
      if (C[0][I] != 0 && Ch.Kind != MutationKind::Copy &&
          !usesOwnAddress(*Fns[0])) {
        ++S.MissedByKind[kindName(Ch.Kind).str()];
        if (Verbose)
          errs() << "missed: " << Who << "\n";
      }
    }
  }
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < N; ++J)
      if (C[I][J] == 0 && Hash[I] != Hash[J])
        problem("@" + Fam[I]->Name + " and @" + Fam[J]->Name +
                " compare equal but hash differently");
  std::string Law = checkTotalOrder(C, S.Triples);
  if (!Law.empty())
    problem("family of @" + BaseName + ": " + Law);
  checkSimilar(Fam, Fns, C, Ctx);
}

void ModuleCheck::checkSimilar(const std::vector<const FamilyMember *> &Fam,
                               const std::vector<const Function *> &Fns,
                               const std::vector<std::vector<int>> &C,
                               const EncodingContext &Ctx) {
  std::vector<const Mutation *> Changes;
  for (const FamilyMember *FM : Fam)
    Changes.push_back(&FM->Change);
  std::vector<std::string> Missed;
  for (std::string &P :
       checkSimilarFamily(Fns, Changes, C, Ctx, S.Similar, S.Triples, Missed))
    problem(P);
  if (Verbose)
    for (const std::string &M : Missed)
      errs() << "missed similar: " << M << "\n";
}

/// The laws on each multi-member bucket of equal hashes under Ctx.
void ModuleCheck::checkBuckets(const EncodingContext &Ctx, Module &M,
                               uint64_t &Count, StringRef Under) {
  std::map<uint64_t, std::vector<const Function *>> Buckets;
  Encoding Scratch;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Buckets[hashFunction(F, Ctx, Scratch)].push_back(&F);
  for (auto &[Hash, Fns] : Buckets) {
    if (Fns.size() < 2)
      continue;
    ++Count;
    if (Fns.size() > BucketCap)
      Fns.resize(BucketCap);
    // Each member encoded once (compareFunctions would encode both sides of
    // every pair); the families exercise compareFunctions itself.
    size_t N = Fns.size();
    std::vector<Encoding> Enc(N);
    EncoderScratch Scratch;
    for (size_t I = 0; I < N; ++I)
      encodeFunction(*Fns[I], Ctx, Enc[I], Scratch);
    std::vector<std::vector<int>> C(N, std::vector<int>(N));
    for (size_t I = 0; I < N; ++I)
      for (size_t J = 0; J < N; ++J)
        C[I][J] = sign(compareEncodings(Enc[I], Enc[J]));
    std::string Law = checkTotalOrder(C, S.Triples);
    if (!Law.empty())
      problem("bucket of @" + Fns[0]->getName().str() + Under.str() + ": " +
              Law);
  }
}

void ModuleCheck::checkMerge(Module &M, Mutator &Mu) {
  MergeOptions Opts;
  Opts.Mode = Mu.below(2) ? MergeMode::All : MergeMode::Safe;
  // This draw once chose whether to refine references (now always on); it
  // stays so that every seed still makes the modules it made.
  (void)Mu.below(4);
  // Every other module's merge also runs the similar stage, every other one
  // of those with callees as positions, and half of each kind with integer
  // operands as positions too. Alternating rather than drawing
  // keeps the mutator's random stream (and so every seed's modules) as it
  // was before the stage existed; by module seed (consecutive within a run),
  // so that --module-seed replays the same merge.
  Opts.Similar.Enabled = ModuleSeed % 2 == 1;
  Opts.Similar.Callees = ModuleSeed % 4 == 3;
  Opts.Similar.Integers = ModuleSeed % 8 >= 5;
  // Those also merge every similar class, however little it saves, so that
  // the rewriter and its oracles see the small functions fuzzing makes.
  if (Opts.Similar.Callees)
    Opts.Similar.MinimumGain = -1000000;
  // Two modules of every three also run the aligned stage, half of those
  // merging every pair it may, however little it saves, so that the
  // merged-body builder sees every shape the families have.
  Opts.Aligned.Enabled = ModuleSeed % 3 != 0;
  if (ModuleSeed % 6 >= 3)
    Opts.Aligned.MinimumGain = -1000000;
  Opts.Verify = true;
  std::string Config =
      std::string("mode=") + mergeModeName(Opts.Mode).str() +
      (*Opts.Similar.Enabled ? " similar" : "") +
      (Opts.Similar.Integers ? " integers" : "") +
      (Opts.Similar.Callees ? " callees min-gain=-1000000" : "") +
      (*Opts.Aligned.Enabled ? " aligned" : "") +
      (Opts.Aligned.MinimumGain < 0 ? " aligned-min-gain=-1000000" : "");
  std::unique_ptr<Module> Copy = CloneModule(M);
  StringMap<FunctionSnapshot> Snap = snapshotModule(M);

  Expected<MergeResult> R = mergeModule(M, Opts, serialRunner());
  if (!R) {
    problem("mergeModule (" + Config + ") failed: " + toString(R.takeError()));
    return;
  }
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (verifyModule(M, &OS))
    problem("the module does not verify after merging (" + Config +
            "): " + Msg);
  S.Groups += R->Groups.size();
  S.Folded += R->Stats.Folded;
  S.SimilarMerged += R->Stats.SimilarMembers;
  S.AlignedMerged += R->Stats.AlignedMembers;

  // Same input, serial and parallel: CloneModule does not keep use-list
  // orders (they show in `; preds =` comments and may steer code
  // generation), so both runs start from a clone.
  std::unique_ptr<Module> SerialCopy = CloneModule(*Copy);
  Expected<MergeResult> RS = mergeModule(*SerialCopy, Opts, serialRunner());
  MergeOptions ParOpts = Opts;
  ParOpts.SerialThreshold = 0;
  Expected<MergeResult> RP = mergeModule(*Copy, ParOpts, Par);
  if (!RP || !RS)
    problem("mergeModule on a copy (" + Config +
            ") failed: " + toString(RP ? RS.takeError() : RP.takeError()));
  else if (std::string A = printModule(*SerialCopy), B = printModule(*Copy);
           A != B) {
    // The first line that differs says where to look.
    size_t At = 0;
    while (At < A.size() && At < B.size() && A[At] == B[At])
      ++At;
    size_t Line = A.rfind('\n', At);
    Line = Line == std::string::npos ? 0 : Line + 1;
    problem("serial and " + std::to_string(Par.concurrency()) +
            "-thread merges give different modules (" + Config +
            "); first difference: '" +
            A.substr(Line, A.find('\n', Line) - Line) + "' vs '" +
            B.substr(Line, B.find('\n', Line) - Line) + "'");
    Outputs = {std::move(A), std::move(B)};
  }

  for (const std::string &P : lmf::fuzz::checkMerge(M, *R, Snap, Opts.Mode))
    problem(P + " (" + Config + ")");
  std::vector<std::vector<std::string>> Groups;
  for (const FoldGroup &G : R->Groups) {
    Groups.push_back({G.KeptMember});
    for (const FoldedMember &FM : G.Members)
      Groups.back().push_back(FM.Name);
  }
  for (const std::string &P : checkFoldClasses(Members, Groups))
    problem(P + " (" + Config + ")");
  // How many harmless clones were actually folded with their base.
  for (const auto &G : Groups)
    for (const FamilyMember &FM : Members)
      if (FM.Base && is_contained(G, FM.Name))
        for (const FamilyMember &X : Members)
          if (X.Family == FM.Family && !X.Base && !X.Caller &&
              X.Change.Expect == Expectation::Equal && is_contained(G, X.Name))
            ++S.EqualFolded;
}

void ModuleCheck::report() {
  if (Problems.empty())
    return;
  S.Problems += Problems.size();
  errs() << "FAIL " << Path
         << " (replay: lmf-ircheck --module-seed=" << ModuleSeed << " " << Path
         << ")\n";
  for (const std::string &P : Problems)
    errs() << "  " << P << "\n";
  if (Artifacts.empty())
    return;
  sys::fs::create_directories(Artifacts);
  SmallString<256> Out(Artifacts);
  sys::path::append(Out, sys::path::stem(Path) + ".seed" +
                             std::to_string(ModuleSeed) + ".ll");
  std::error_code EC;
  raw_fd_ostream OS(Out, EC);
  if (EC)
    return;
  OS << "; lmf-ircheck problems:\n";
  for (const std::string &P : Problems)
    OS << ";   " << P << "\n";
  OS << Before;
  errs() << "  the module before merging is in " << Out << "\n";
  for (size_t I = 0; I < Outputs.size(); ++I) {
    std::string Name = (Out + (I ? ".parallel.ll" : ".serial.ll")).str();
    raw_fd_ostream(Name, EC) << Outputs[I];
    errs() << "  the " << (I ? "parallel" : "serial") << " result is in "
           << Name << "\n";
  }
}

} // namespace

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "lto-merge-functions IR fuzzer\n");
  // Let the arena have all the threads asked for, even on a small machine:
  // more threads than cores still interleave differently.
  tbb::global_control Limit(tbb::global_control::max_allowed_parallelism,
                            std::max(2u, unsigned(Threads)));
  std::unique_ptr<TaskRunner> Par = createTaskRunner(Threads);
  Stats S;
  for (size_t I = 0; I < Inputs.size(); ++I)
    ModuleCheck(Inputs[I], ModuleSeed ? ModuleSeed : Seed * 1000003 + I, S,
                *Par)
        .run();

  outs() << "lmf-ircheck: " << S.Modules << " modules (" << S.Skipped
         << " skipped), " << S.Functions << " functions, " << S.Clones
         << " mutated clones, " << S.Callers << " callers\n";
  outs() << "  mutations:";
  for (auto &[Kind, N] : S.ByKind)
    outs() << " " << Kind << "=" << N;
  outs() << "\n  " << S.Triples << " comparison triples, " << S.Buckets
         << " multi-member buckets, " << S.Groups << " fold groups, "
         << S.Folded << " functions folded, " << S.SimilarMerged
         << " sharing similar bodies, " << S.AlignedMerged
         << " sharing aligned bodies, " << S.EqualFolded << " of "
         << S.EqualClones << " harmless clones folded with their base\n";
  const SimilarCounts &SC = S.Similar;
  outs() << "  similar: " << SC.EqualAtPositions << " of " << SC.AtPositions
         << " clones changed at parameter positions equal under wildcards, "
         << SC.Missed << " missed, " << SC.KeptApart
         << " changes elsewhere kept apart, " << SC.CalleeSwaps
         << " callee swaps (" << SC.CalleeSwapsEqual
         << " equal under callee wildcards), " << SC.EqualAtIntegerPositions
         << " of " << SC.AtIntegerPositions
         << " changed at integer operand positions equal under integer "
            "wildcards, "
         << S.WildcardBuckets << " multi-member wildcard buckets\n";
  if (!SC.MissedByKind.empty()) {
    outs() << "  changes the position rules cannot place that compared "
              "unequal (missed similar):";
    for (auto &[Kind, N] : SC.MissedByKind)
      outs() << " " << Kind << "=" << N;
    outs() << "\n";
  }
  if (!S.MissedByKind.empty()) {
    outs() << "  harmless changes that compared unequal (missed folds):";
    for (auto &[Kind, N] : S.MissedByKind)
      outs() << " " << Kind << "=" << N;
    outs() << "\n";
  }
  outs() << "  problems: " << S.Problems << "\n";
  return S.Problems ? 1 : 0;
}
