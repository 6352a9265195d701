//===- CrossModuleFolding.cpp - Twins across ThinLTO modules --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every ThinLTO backend merges its own module, so twins in two modules stay
// apart: the `static` helper a header gives every unit, two classes' inline
// virtual members over the same layout. lld folds some of them after code
// generation (--icf), but never before, and never the ones it cannot prove
// equal in machine code. This file folds them before lld runs, by rewriting
// the link's bitcode inputs, so that ThinLTO's own symbol resolution keeps
// one copy of each shared body (docs/thinlto-cross-module.md has the
// design and its measurements). In order:
//
//  1. pick the modules that may be rewritten: ThinLTO modules in files named
//     once on the command line (LinkInputs.h), and of those the ones without
//     module-level inline assembly (whose text may name any symbol), found
//     from their bitcode records before anything else is read of them
//     (hasModuleInlineAsm). The names every other input uses count as used
//     outside; `-v` counts the modules picked ("K of N modules rewritten");
//  2. pick, from the module summaries, the functions to read: those whose
//     size (summary instruction, call and reference counts) occurs in
//     another picked module, the only ones that can have a twin there; and
//     those whose size and targets (the GUIDs they call and refer to) occur
//     twice in their own module, which may be argument-free twins of
//     different types that the module's backend cannot fold
//     (ArgumentFreeBodies.h; of these the collector keeps only the bodies
//     that read no argument, WantedAs::ArgumentFreeTwinInModule). Twins of
//     one module that reach equal but distinct functions (each its own
//     `static` helper) are not found this way;
//  3. read each module that has a function to read lazily, on its own
//     thread and in its own context, only those functions' bodies, and
//     write each one's encoding in cross-module form
//     (CrossModuleCandidates.h); then drop the module. No two modules' IR
//     need be in memory at once;
//  4. plan over all modules (CrossModulePlanner.h): classes by partition
//     refinement, and what each member becomes, by what the link's inputs
//     say about its name;
//  5. rewrite every module the plan touches (a member, a function to
//     weaken, a mention of a name that leaves the link or whose calls are
//     redirected) on its own thread (CrossModuleRewriter.h), verify it and
//     write it, with a new summary and module hash, as ThinLTO bitcode.
//
// The driver then hands lld the rewritten files in place of the originals,
// in the same order; for the listing and the report every rewritten file
// keeps the name of the input it replaces. Any error in steps 3 to 5 (a
// module that cannot be read, a rewrite that does not verify) leaves every
// input as it was: folding across modules is then off for this link, and
// the per-module merge goes on.
//
// Output is deterministic: modules are numbered in command-line order,
// every parallel step writes its own slot, and the plan is made serially.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/CrossModuleFolding.h"

#include "linkplugin/driver/LinkInputs.h"
#include "linkplugin/driver/LldCommandLine.h"

#include "core/CrossModule.h"
#include "core/MergeNames.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ModuleSummaryAnalysis.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/StackSafetyAnalysis.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/IPO/ThinLTOBitcodeWriter.h"

#include <chrono>
#include <map>
#include <mutex>

using namespace llvm;

namespace lmf {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

/// The first error of a parallel step, by module order.
class FirstError {
public:
  explicit FirstError(size_t Slots) : Messages(Slots) {}
  void set(size_t Slot, Error E) { Messages[Slot] = toString(std::move(E)); }
  Error take() {
    for (std::string &M : Messages)
      if (!M.empty())
        return createStringError(inconvertibleErrorCode(), M);
    return Error::success();
  }

private:
  std::vector<std::string> Messages;
};

/// Writes M as ThinLTO bitcode with its summary and module hash, as the
/// compiler wrote the input. The summary is built directly: the pass
/// pipeline's writer (ThinLTOBitcodeWriterPass) computes block frequencies
/// for every function, which the summary uses only with a profile, and on a
/// link of many small modules that doubles the time of the rewrite; what it
/// does besides, promote local type ids, the compiler's run of it already
/// did, and the rewrite adds none (the two write the same bytes: 110 of
/// 110 modules of CTMark's 7zip, 500 of 500 of a generated program). A
/// module whose summary needs stack safety (memory tagging) goes through
/// that writer.
Error writeThinLTOModule(Module &M, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  // ProfileSummaryInfo would end the process on such a summary.
  std::string SummaryProblem = crossModuleProfileProblem(M);
  if (!SummaryProblem.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot summarize '" + M.getModuleIdentifier() +
                                 "': " + SummaryProblem);
  if (!needsParamAccessSummary(M)) {
    ProfileSummaryInfo PSI(M);
    ModuleSummaryIndex Index = buildModuleSummaryIndex(M, nullptr, &PSI);
    WriteBitcodeToFile(M, OS, /*ShouldPreserveUseListOrder=*/false, &Index,
                       /*GenerateHash=*/true);
  } else {
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassBuilder PB;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    ModulePassManager MPM;
    MPM.addPass(ThinLTOBitcodeWriterPass(OS, /*ThinLinkOS=*/nullptr));
    MPM.run(M, MAM);
  }
  OS.close();
  if (OS.has_error())
    return createStringError(OS.error(), "cannot write '" + Path +
                                             "': " + OS.error().message());
  return Error::success();
}

/// The error for a module whose records showed no inline assembly while its
/// IR has some: never expected, and the step is then off for the link
/// rather than rewrite a module whose assembly may name any symbol.
Error asmMissed(const InputModule &M) {
  return createStringError(inconvertibleErrorCode(),
                           "'" + M.Name +
                               "' has module-level inline assembly that its "
                               "records did not show");
}

class Folding {
public:
  Folding(const LinkInputs &Inputs, const CrossModuleRequest &Request)
      : Inputs(Inputs), Request(Request) {}

  Expected<CrossModuleOutcome> run();

private:
  /// For each module, the GUIDs of its functions to read, and why.
  using WantedFunctions = std::vector<DenseMap<uint64_t, WantedAs>>;

  void pickModules();
  Error findModuleAsm();
  WantedFunctions functionsToRead() const;
  Error collect(const WantedFunctions &Wanted);
  void gatherNames();
  void addNamesOfOtherInputs(const DenseSet<const InputModule *> &Rewritten,
                             DenseSet<uint64_t> &Defined,
                             DenseSet<uint64_t> &Referenced) const;
  void dropRewrittenModules();
  Expected<std::vector<SymbolHazard>> rewrite(const CrossModulePlan &Plan);
  UnrewrittenSymbols unrewrittenSymbols(ArrayRef<uint32_t> Touched);
  Error withdraw(CrossModulePlan &Plan, ArrayRef<SymbolHazard> Hazards);
  std::string rewrittenPath(uint32_t Ordinal) const;
  void describe(const CrossModulePlan &Plan);

  const LinkInputs &Inputs;
  const CrossModuleRequest &Request;
  /// The modules that may be rewritten, by ordinal.
  std::vector<const InputModule *> Rewritable;
  std::vector<ModuleCandidates> Candidates;
  /// The modules with module-level inline assembly (findModuleAsm): they
  /// take no part, and count as inputs we do not rewrite.
  std::vector<char> HasModuleAsm;
  DenseSet<uint64_t> NamesUsedOutside;
  DenseMap<uint64_t, SmallVector<uint32_t, 2>> DefinedIn;
  /// What the inputs that the last rewrite left alone define and need.
  DenseSet<uint64_t> DefinedByOthers, ReferencedByOthers;
  CrossModuleOutcome Out;
};

void Folding::pickModules() {
  for (const InputModule &M : Inputs.Modules)
    if (M.Argument)
      Rewritable.push_back(&M);
}

/// Which modules have module-level inline assembly, from their bitcode
/// records, in parallel: before anything else reads them, so that they
/// feed neither the filter of step 2 nor the count of modules read.
Error Folding::findModuleAsm() {
  HasModuleAsm.assign(Rewritable.size(), 0);
  FirstError Errors(Rewritable.size());
  parallelFor(0, Rewritable.size(), [&](size_t Ordinal) {
    Expected<bool> Asm = hasModuleInlineAsm(Rewritable[Ordinal]->Module);
    if (!Asm)
      return Errors.set(Ordinal, Asm.takeError());
    HasModuleAsm[Ordinal] = *Asm;
  });
  return Errors.take();
}

/// For each module without inline assembly, the GUIDs of the functions to
/// read: those whose summary size occurs in another such module (twins
/// across modules), and those whose summary size and targets (the
/// functions and globals they reach) occur twice in their own module
/// (argument-free twins of one module, which its backend cannot fold when
/// their types differ; the collector keeps only those whose bodies read no
/// argument).
Folding::WantedFunctions Folding::functionsToRead() const {
  using Shape = std::tuple<uint32_t, uint32_t, uint32_t>;
  auto ShapeOf = [](const FunctionShapeKey &S) {
    return Shape{S.Instructions, S.Calls, S.References};
  };
  std::map<Shape, std::pair<uint32_t, bool>> FirstModule;
  for (auto [Ordinal, M] : enumerate(Rewritable)) {
    if (HasModuleAsm[Ordinal])
      continue;
    for (const FunctionShapeKey &S : M->Summary.Shapes) {
      auto [It, New] = FirstModule.try_emplace(
          ShapeOf(S), std::make_pair(uint32_t(Ordinal), false));
      if (!New && It->second.first != Ordinal)
        It->second.second = true;
    }
  }
  WantedFunctions Wanted(Rewritable.size());
  using ShapeAndTargets = std::pair<Shape, uint64_t>;
  std::map<ShapeAndTargets, unsigned> InModule;
  for (auto [Ordinal, M] : enumerate(Rewritable)) {
    if (HasModuleAsm[Ordinal])
      continue;
    InModule.clear();
    for (const FunctionShapeKey &S : M->Summary.Shapes)
      ++InModule[{ShapeOf(S), S.Targets}];
    for (const FunctionShapeKey &S : M->Summary.Shapes) {
      WantedAs Why = FirstModule.at(ShapeOf(S)).second ? WantedAs::Twin
                     : InModule[{ShapeOf(S), S.Targets}] >= 2
                         ? WantedAs::ArgumentFreeTwinInModule
                         : WantedAs::No;
      if (Why == WantedAs::No)
        continue;
      // A GUID listed twice (two locals of one name) is read for the
      // stronger reason.
      WantedAs &Slot = Wanted[Ordinal].try_emplace(S.GUID, Why).first->second;
      if (Why == WantedAs::Twin)
        Slot = Why;
    }
  }
  return Wanted;
}

Error Folding::collect(const WantedFunctions &Wanted) {
  Candidates.resize(Rewritable.size());
  FirstError Errors(Rewritable.size());
  CrossModuleCollectOptions Base;
  Base.Mode = Request.Mode;
  Base.LinkAddressFree = Request.LinkAddressFree;
  Base.LinkCompared = Request.LinkCompared;
  Base.Similar = Request.Similar;
  Base.Hot = Request.Hot;
  parallelFor(0, Rewritable.size(), [&](size_t Ordinal) {
    if (HasModuleAsm[Ordinal] || Wanted[Ordinal].empty())
      return;
    LLVMContext Ctx;
    BitcodeModule BM = Rewritable[Ordinal]->Module;
    Expected<std::unique_ptr<Module>> M = BM.getLazyModule(
        Ctx, /*ShouldLazyLoadMetadata=*/true, /*IsImporting=*/false);
    if (!M)
      return Errors.set(Ordinal, M.takeError());
    if (!(*M)->getModuleInlineAsm().empty())
      return Errors.set(Ordinal, asmMissed(*Rewritable[Ordinal]));
    CrossModuleCollectOptions Opts = Base;
    Opts.Ordinal = Ordinal;
    if (Rewritable[Ordinal]->Summary.Read)
      Opts.CallingFunctions = &Rewritable[Ordinal]->Summary.CallingFunctions;
    const DenseMap<uint64_t, WantedAs> &Mine = Wanted[Ordinal];
    Expected<ModuleCandidates> C = collectCrossModuleCandidates(
        **M, [&](const Function &F) { return Mine.lookup(F.getGUID()); }, Opts);
    if (!C)
      return Errors.set(Ordinal, C.takeError());
    Candidates[Ordinal] = std::move(*C);
  });
  return Errors.take();
}

/// The names that inputs we do not rewrite use, and where each name we may
/// rewrite is defined.
void Folding::gatherNames() {
  DenseSet<const InputModule *> Rewritten;
  for (auto [Ordinal, M] : enumerate(Rewritable)) {
    if (HasModuleAsm[Ordinal])
      continue;
    Rewritten.insert(M);
    for (uint64_t Name : M->DefinedNames)
      DefinedIn[Name].push_back(Ordinal);
  }
  addNamesOfOtherInputs(Rewritten, NamesUsedOutside, NamesUsedOutside);
}

/// Adds to Defined and Referenced the names that the inputs other than the
/// modules Rewritten define and refer to: object files, shared libraries,
/// the command line, and the other bitcode modules.
void Folding::addNamesOfOtherInputs(
    const DenseSet<const InputModule *> &Rewritten,
    DenseSet<uint64_t> &Defined, DenseSet<uint64_t> &Referenced) const {
  Defined.insert_range(Inputs.NamesDefinedOutsideBitcode);
  Referenced.insert_range(Inputs.NamesUsedOutsideBitcode);
  for (const InputModule &M : Inputs.Modules) {
    if (Rewritten.contains(&M))
      continue;
    Defined.insert_range(M.DefinedNames);
    Referenced.insert_range(M.UndefinedNames);
  }
}

std::string Folding::rewrittenPath(uint32_t Ordinal) const {
  SmallString<256> Path(Request.Directory);
  sys::path::append(Path, std::to_string(Ordinal) + "." +
                              sys::path::filename(Rewritable[Ordinal]->Name));
  return std::string(Path);
}

/// The symbols of the inputs that a rewrite of the modules Touched leaves
/// as they are: object files, shared libraries, the command line, and the
/// bitcode modules not in Touched.
UnrewrittenSymbols Folding::unrewrittenSymbols(ArrayRef<uint32_t> Touched) {
  DenseSet<const InputModule *> Rewritten;
  for (uint32_t Ordinal : Touched)
    Rewritten.insert(Rewritable[Ordinal]);
  DefinedByOthers.clear();
  ReferencedByOthers.clear();
  addNamesOfOtherInputs(Rewritten, DefinedByOthers, ReferencedByOthers);
  return {&DefinedByOthers, &ReferencedByOthers};
}

/// Removes the files an earlier rewrite wrote and forgets them.
void Folding::dropRewrittenModules() {
  for (const auto &[Path, Name] : Out.ModuleNames)
    sys::fs::remove(Path);
  Out.Replacements.clear();
  Out.ModuleNames.clear();
}

/// Rewrites and writes every module the plan touches; returns what the
/// rewritten modules would leave undefined (LinkSymbolCheck.h), empty when
/// nothing.
Expected<std::vector<SymbolHazard>>
Folding::rewrite(const CrossModulePlan &Plan) {
  // A round before this one may have written modules this one leaves.
  dropRewrittenModules();
  std::vector<CrossModuleWork> Work = workPerModule(Plan, Candidates);
  // A module that mentions a name the plan replaces or redirects is
  // rewritten too.
  DenseSet<uint64_t> Renamed;
  for (const auto &Entry : Plan.ReplacedNames)
    Renamed.insert(GlobalValue::getGUIDAssumingExternalLinkage(Entry.first()));
  for (const auto &Entry : Plan.RedirectedCalls)
    Renamed.insert(GlobalValue::getGUIDAssumingExternalLinkage(Entry.first()));
  std::vector<uint32_t> Touched;
  for (uint32_t Ordinal = 0; Ordinal < Rewritable.size(); ++Ordinal) {
    const InputModule &M = *Rewritable[Ordinal];
    auto Mentions = [&](ArrayRef<uint64_t> Names) {
      return any_of(Names, [&](uint64_t N) { return Renamed.contains(N); });
    };
    if (!HasModuleAsm[Ordinal] &&
        (!Work[Ordinal].empty() || Mentions(M.DefinedNames) ||
         Mentions(M.UndefinedNames)))
      Touched.push_back(Ordinal);
  }
  FirstError Errors(Touched.size());
  std::vector<RewrittenSymbols> Symbols(Touched.size());
  parallelFor(0, Touched.size(), [&](size_t I) {
    uint32_t Ordinal = Touched[I];
    LLVMContext Ctx;
    BitcodeModule BM = Rewritable[Ordinal]->Module;
    Expected<std::unique_ptr<Module>> M = BM.parseModule(Ctx);
    if (!M)
      return Errors.set(I, M.takeError());
    if (!(*M)->getModuleInlineAsm().empty())
      return Errors.set(I, asmMissed(*Rewritable[Ordinal]));
    Symbols[I].Module = Rewritable[Ordinal]->Name;
    Symbols[I].Before = readLinkSymbols(**M);
    if (Error E = rewriteForCrossModulePlan(**M, Work[Ordinal], Plan, Ordinal))
      return Errors.set(I, std::move(E));
    std::string Message;
    raw_string_ostream OS(Message);
    if (verifyModule(**M, &OS))
      return Errors.set(
          I, createStringError(inconvertibleErrorCode(),
                               "'" + Rewritable[Ordinal]->Name +
                                   "' is invalid after folding across "
                                   "modules: " +
                                   OS.str()));
    Symbols[I].After = readLinkSymbols(**M);
    if (Error E = writeThinLTOModule(**M, rewrittenPath(Ordinal)))
      Errors.set(I, std::move(E));
  });
  if (Error E = Errors.take())
    return E;
  for (uint32_t Ordinal : Touched) {
    const InputModule &M = *Rewritable[Ordinal];
    std::string Path = rewrittenPath(Ordinal);
    Out.Replacements.push_back({*M.Argument, Path});
    Out.ModuleNames.push_back({Path, M.Name});
  }
  return findSymbolHazards(Symbols, unrewrittenSymbols(Touched));
}

/// Takes out of Plan the similar classes the hazards name (their shared
/// body, a member, or a member's table), remembering why; an error when a
/// hazard names something else. Similar classes are leaves of the plan:
/// no other class was found equal because of one, so one can go alone.
Error Folding::withdraw(CrossModulePlan &Plan,
                        ArrayRef<SymbolHazard> Hazards) {
  StringMap<size_t> ClassOf;
  for (auto [I, C] : enumerate(Plan.SimilarClasses)) {
    ClassOf[C.KeptBody] = I;
    for (const CrossModuleRef &R : C.Members) {
      StringRef Name = Candidates[R.Module].Candidates[R.Candidate].Name;
      ClassOf[Name] = I;
      ClassOf[memberDerivedName(Name, ConstantTableSuffix)] = I;
    }
  }
  std::map<size_t, const SymbolHazard *> Named;
  for (const SymbolHazard &H : Hazards) {
    auto It = ClassOf.find(H.Symbol);
    if (It == ClassOf.end())
      return createStringError(
          inconvertibleErrorCode(),
          "the rewritten inputs would leave a symbol undefined: " +
              CrossModuleWithdrawal{"", H.Symbol, H.Module, H.Why}
                  .describe());
    Named.try_emplace(It->second, &H);
  }
  // In plan order; erased from the back, so that the indices hold.
  for (const auto &[Index, H] : Named)
    Out.Withdrawn.push_back(
        {Plan.SimilarClasses[Index].KeptBody, H->Symbol, H->Module, H->Why});
  for (auto It = Named.rbegin(); It != Named.rend(); ++It)
    Plan.SimilarClasses.erase(Plan.SimilarClasses.begin() + It->first);
  return Error::success();
}

void Folding::describe(const CrossModulePlan &Plan) {
  Out.Classes.clear();
  Out.Similar.clear();
  Out.FunctionsWeakened = Out.FunctionsFolded = Out.SimilarMembers = 0;
  auto Member = [&](const CrossModuleRef &R, StringRef What) {
    return CrossModuleFoldedMember{
        Rewritable[R.Module]->Name,
        Candidates[R.Module].Candidates[R.Candidate].Name, What.str()};
  };
  for (const CrossModuleClass &C : Plan.Classes) {
    Out.FunctionsWeakened += C.Weakened.size();
    if (!C.foldsAnything())
      continue;
    CrossModuleFoldedClass F;
    F.KeptBody = C.KeptBody;
    F.BodyInstructions = C.BodyInstructions;
    F.EstimatedBytesSaved = C.EstimatedBytesSaved;
    for (const CrossModuleMember &M : C.Members)
      F.Members.push_back(Member(M.Ref, foldActionName(M.Action)));
    for (const CrossModuleRefusal &R : C.Refusals)
      F.Refusals.push_back(Member(R.Ref, R.Reason));
    Out.FunctionsFolded += F.Members.size();
    Out.Classes.push_back(std::move(F));
  }
  for (const CrossModuleSimilarClass &C : Plan.SimilarClasses) {
    CrossModuleFoldedClass S;
    S.KeptBody = C.KeptBody;
    S.Parameters = C.Parameters.size();
    S.TableParameters = llvm::count(C.InTable, true);
    S.BodyInstructions = C.BodyInstructions;
    S.EstimatedBytesSaved = C.EstimatedBytesSaved;
    for (const CrossModuleRef &R : C.Members)
      S.Members.push_back(Member(R, mergeActionName(MergeAction::Thunk)));
    for (const CrossModuleRefusal &R : C.Refusals)
      S.Refusals.push_back(Member(R.Ref, R.Reason));
    Out.SimilarMembers += S.Members.size();
    Out.Similar.push_back(std::move(S));
  }
  Out.Candidates = Plan.Stats.Candidates;
  Out.ClassesWithTwins = Plan.Stats.ClassesWithTwins;
}

Expected<CrossModuleOutcome> Folding::run() {
  if (!Inputs.Unreadable.empty()) {
    Out.Skipped = Inputs.Unreadable;
    return std::move(Out);
  }
  pickModules();
  if (Rewritable.size() < 2) {
    Out.Skipped = "fewer than two ThinLTO modules may be rewritten";
    return std::move(Out);
  }
  auto Start = Clock::now();
  if (Error E = findModuleAsm())
    return E;
  if (Error E = collect(functionsToRead()))
    return E;
  Out.ModulesRead = llvm::count(HasModuleAsm, 0);
  Out.ReadSeconds = secondsSince(Start);

  Start = Clock::now();
  gatherNames();
  CrossModuleLinkFacts Facts;
  if (Inputs.Unjudgeable.empty())
    Facts.NamesUsedOutside = &NamesUsedOutside;
  Facts.DefinedIn = &DefinedIn;
  CrossModulePlan Plan =
      planCrossModuleFolds(Candidates, Facts, Request.Similar);
  Out.PlanSeconds = secondsSince(Start);

  Start = Clock::now();
  // Each round withdraws at least one class; a plan that still leaves
  // symbols undefined after a few is not trusted at all.
  constexpr unsigned Rounds = 4;
  for (unsigned Round = 1;; ++Round) {
    describe(Plan);
    if (Out.Classes.empty() && Out.Similar.empty()) {
      dropRewrittenModules();
      Out.Skipped = "no twins across modules";
      return std::move(Out);
    }
    Expected<std::vector<SymbolHazard>> Hazards = rewrite(Plan);
    if (!Hazards)
      return Hazards.takeError();
    if (Hazards->empty())
      break;
    if (Round == Rounds)
      return createStringError(inconvertibleErrorCode(),
                               "the rewritten inputs still leave symbols "
                               "undefined after " +
                                   Twine(Rounds) + " rounds");
    if (Error E = withdraw(Plan, *Hazards))
      return E;
  }
  Out.RewriteSeconds = secondsSince(Start);
  return std::move(Out);
}

} // namespace

Expected<CrossModuleOutcome>
foldAcrossModules(const LinkInputs &Inputs, const CrossModuleRequest &Request) {
  return Folding(Inputs, Request).run();
}

std::string crossModuleObstacle(ArrayRef<const char *> LldArgs) {
  LldCommandLine CL = LldCommandLine::classify(LldArgs);
  for (const CommandLineItem &Item : CL.items()) {
    if (Item.Kind != CommandLineItem::LldOption)
      continue;
    StringRef Name = Item.Name.rtrim('=');
    StringRef Value = Item.value();
    if (Name == "plugin-opt")
      Name = Value.split('=').first;
    if (Name == "relocatable")
      return "a relocatable output (-r) may be linked again with other "
             "objects";
    if (Name == "wrap" || Name == "defsym")
      return "--" + Name.str() + " renames symbols";
    if (Name == "thinlto-index-only" || Name == "thinlto-emit-index-files" ||
        Name == "thinlto-emit-imports-files")
      return "--" + Name.str() +
             " hands the inputs' own paths to a distributed build";
  }
  return "";
}

std::string CrossModuleWithdrawal::describe() const {
  return "'" + Symbol + "': " +
         (Module.empty() ? std::string("an input") : "'" + Module + "'") +
         " " + Why;
}

void CrossModuleOutcome::printListing(raw_ostream &OS) const {
  for (const CrossModuleFoldedClass &C : Classes) {
    // A class within one module is one of twins that read no argument and
    // differ in their parameter lists (CrossModulePlanner.cpp).
    bool OneModule = all_of(C.Members, [&](const CrossModuleFoldedMember &M) {
      return M.Module == C.Members.front().Module;
    });
    OS << "selected function " << C.KeptBody
       << (OneModule ? " across parameter lists\n" : " across modules\n");
    for (const CrossModuleFoldedMember &M : C.Members)
      OS << "  removing identical function " << M.Name << " in " << M.Module
         << " (" << M.Action << ")\n";
  }
  for (const CrossModuleFoldedClass &C : Similar) {
    OS << "merged similar functions into " << C.KeptBody << " across modules ("
       << C.Parameters << " parameters, ";
    if (C.TableParameters != 0)
      OS << C.TableParameters << " of them in constant tables, ";
    OS << "about " << C.EstimatedBytesSaved << " bytes saved)\n";
    for (const CrossModuleFoldedMember &M : C.Members)
      OS << "  sharing body with similar function " << M.Name << " in "
         << M.Module << " (" << M.Action << ")\n";
  }
  for (const CrossModuleWithdrawal &W : Withdrawn)
    OS << "withdrew similar functions " << W.KeptBody
       << " across modules: " << W.describe() << "\n";
}

json::Object CrossModuleOutcome::toJson() const {
  auto MemberJson = [](const CrossModuleFoldedMember &M, StringRef Key) {
    return json::Object{
        {"module", M.Module}, {"name", M.Name}, {Key, M.Action}};
  };
  auto ClassesJson = [&](ArrayRef<CrossModuleFoldedClass> All,
                         bool WithParameters) {
    json::Array Out;
    for (const CrossModuleFoldedClass &C : All) {
      json::Array Members, Refusals;
      for (const CrossModuleFoldedMember &M : C.Members)
        Members.push_back(MemberJson(M, "action"));
      for (const CrossModuleFoldedMember &M : C.Refusals)
        Refusals.push_back(MemberJson(M, "reason"));
      json::Object Class{{"body", C.KeptBody},
                         {"body_instructions", C.BodyInstructions},
                         {"estimated_bytes_saved", C.EstimatedBytesSaved},
                         {"members", std::move(Members)},
                         {"refusals", std::move(Refusals)}};
      if (WithParameters) {
        Class["parameters"] = C.Parameters;
        Class["table_parameters"] = C.TableParameters;
      }
      Out.push_back(std::move(Class));
    }
    return Out;
  };
  json::Array ClassArray = ClassesJson(Classes, /*WithParameters=*/false);
  json::Array SimilarArray = ClassesJson(Similar, /*WithParameters=*/true);
  json::Array WithdrawnArray;
  for (const CrossModuleWithdrawal &W : Withdrawn)
    WithdrawnArray.push_back(json::Object{{"body", W.KeptBody},
                                          {"symbol", W.Symbol},
                                          {"module", W.Module},
                                          {"reason", W.Why}});
  return json::Object{
      {"similar_classes", std::move(SimilarArray)},
      {"withdrawn_similar_classes", std::move(WithdrawnArray)},
      {"similar_functions_merged", SimilarMembers},
      {"modules_read", ModulesRead},
      {"modules_rewritten", ModuleNames.size()},
      {"functions_considered", Candidates},
      {"classes_with_twins", ClassesWithTwins},
      {"classes_folded", Classes.size()},
      {"functions_folded", FunctionsFolded},
      {"functions_weakened", FunctionsWeakened},
      {"time_seconds",
       json::Object{{"read", ReadSeconds},
                    {"plan", PlanSeconds},
                    {"rewrite", RewriteSeconds},
                    {"total", ReadSeconds + PlanSeconds + RewriteSeconds}}},
      {"classes", std::move(ClassArray)}};
}

} // namespace lmf
