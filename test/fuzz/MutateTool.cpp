//===- MutateTool.cpp - lmf-mutate: twins for whole programs --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads a module (bitcode or IR text), clones some of its functions with one
// mutation each and writes the result. Two uses:
//
//  * --exec, for the csmith campaign: only mutations that add no undefined
//    behaviour (plus stored-value changes with --semantic; --kind picks one
//    kind, --similar-kinds adds those aimed at similar merging to the
//    draw). The direct call
//    sites of each chosen function are spread over the function and its
//    clones (some through a volatile function pointer, so the address is
//    taken), and all of them are marked noinline, so every version runs
//    and survives the LTO pipeline. The program must print the same with
//    and without merging.
//  * without --exec, families with callers (Families.h) for large modules:
//    the ThreadSanitizer and determinism tests feed them to the merger.
//
// Every mutation is listed on stdout (or --log), one line per clone.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace lmf::fuzz;

namespace {

cl::opt<std::string> Input(cl::Positional, cl::desc("<input module>"),
                           cl::Required);
cl::opt<std::string> Output("o", cl::desc("Output file"), cl::Required);
cl::opt<bool> Text("S", cl::desc("Write IR text instead of bitcode"));
cl::opt<uint64_t> Seed("seed", cl::desc("Random seed"), cl::init(1));
cl::opt<unsigned> Functions("functions",
                            cl::desc("Functions to clone (0: all)"),
                            cl::init(4));
cl::opt<unsigned> ClonesOpt("clones", cl::desc("Clones per function"),
                            cl::init(2));
cl::opt<bool> Exec("exec", cl::desc("Runnable program: no new undefined "
                                    "behaviour, spread the calls"));
cl::opt<bool> Semantic("semantic",
                       cl::desc("With --exec: also change stored values"));
cl::opt<bool> Callers("callers", cl::desc("Without --exec: add callers"),
                      cl::init(true));
cl::opt<bool> SimilarKinds(
    "similar-kinds",
    cl::desc("Random mutations also of the kinds aimed at similar merging "
             "(global, callee, data-constant; changes what a seed draws)"));
cl::opt<std::string>
    KindName("kind", cl::desc("With --exec: only mutations of this kind, as "
                              "named in the log (e.g. global, callee)"));
cl::opt<unsigned> Rounds("rounds",
                         cl::desc("Without --exec: grow families this many "
                                  "times (clones of clones)"),
                         cl::init(1));

struct Version {
  Function *F;
  std::string Line;
};

std::vector<CallBase *> directCalls(Function &F) {
  std::vector<CallBase *> Calls;
  for (Use &U : F.uses())
    if (auto *CB = dyn_cast<CallBase>(U.getUser()))
      if (CB->isCallee(&U) && CB->getFunction() != &F &&
          CB->getFunctionType() == F.getFunctionType() &&
          !CB->isMustTailCall())
        Calls.push_back(CB);
  return Calls;
}

void makeNoInline(Function &F) {
  F.removeFnAttr(Attribute::InlineHint);
  F.addFnAttr(Attribute::NoInline);
}

/// Calls V through a volatile load of a global that holds &V.
void callIndirectly(CallBase &CB, Function &V) {
  Module &M = *V.getParent();
  auto *Slot = new GlobalVariable(M, V.getType(), false,
                                  GlobalValue::InternalLinkage, &V,
                                  V.getName() + ".ptr");
  IRBuilder<> B(&CB);
  LoadInst *Ptr = B.CreateLoad(V.getType(), Slot, "fnptr");
  Ptr->setVolatile(true);
  CB.setCalledOperand(Ptr);
}

/// The kind --kind names, if any.
std::optional<MutationKind> requestedKind() {
  for (unsigned K = 0; K < unsigned(MutationKind::NumKinds); ++K)
    if (KindName == kindName(MutationKind(K)))
      return MutationKind(K);
  return std::nullopt;
}

/// Clones F into several versions and spreads F's callers over them.
bool cloneForExecution(Function &F, Mutator &Mu, raw_ostream &Log) {
  std::vector<CallBase *> Calls = directCalls(F);
  if (Calls.empty())
    return false;
  nameValues(F);
  makeNoInline(F);
  std::vector<Function *> Versions = {&F};
  for (unsigned C = 0; C < ClonesOpt; ++C) {
    Mutation Change;
    Function *Clone = Mu.cloneAndMutate(
        F, (F.getName() + ".m" + Twine(C)).str(), Change, requestedKind());
    if (!Clone)
      continue;
    randomizeLinkage(*Clone, Mu);
    // Interposable linkage in a whole program is only a name; keep the
    // clone's symbol unique and its definition the prevailing one.
    makeNoInline(*Clone);
    Versions.push_back(Clone);
    Log << Clone->getName() << " " << kindName(Change.Kind) << " "
        << (Change.Expect == Expectation::Equal ? "equal" : "unequal") << " "
        << Change.Description << "\n";
  }
  // Round robin over a shuffled list of call sites, so every version runs
  // when there are enough calls.
  std::shuffle(Calls.begin(), Calls.end(), Mu.rng());
  for (size_t I = 0; I < Calls.size(); ++I) {
    Function *V = Versions[I % Versions.size()];
    CallBase &CB = *Calls[I];
    CB.setCalledFunction(V);
    CB.setCallingConv(V->getCallingConv());
    if (V != &F && Mu.below(4) == 0)
      callIndirectly(CB, *V);
  }
  return true;
}

int runExec(Module &M, Mutator &Mu, raw_ostream &Log) {
  std::vector<Function *> Candidates;
  for (Function &F : M)
    if (canBeBase(F, 3) && !F.isVarArg() && !directCalls(F).empty())
      Candidates.push_back(&F);
  std::shuffle(Candidates.begin(), Candidates.end(), Mu.rng());
  if (Functions && Candidates.size() > Functions)
    Candidates.resize(Functions);
  // Module order, so the output does not depend on the shuffle's order.
  llvm::sort(Candidates, [&](Function *L, Function *R) {
    for (Function &F : M) {
      if (&F == L)
        return &F != R;
      if (&F == R)
        return false;
    }
    return false;
  });
  unsigned Cloned = 0;
  for (Function *F : Candidates)
    Cloned += cloneForExecution(*F, Mu, Log);
  return Cloned;
}

int runFamilies(Module &M, Mutator &Mu, raw_ostream &Log) {
  size_t Total = 0;
  for (unsigned R = 0; R < Rounds; ++R) {
    FamilyOptions FO;
    FO.Clones = ClonesOpt;
    FO.MaxBases = Functions;
    FO.Callers = Callers;
    std::vector<FamilyMember> Members = growFamilies(M, Mu, FO);
    for (const FamilyMember &FM : Members)
      if (!FM.Base && !FM.Caller)
        Log << FM.Name << " " << kindName(FM.Change.Kind) << " "
            << (FM.Change.Expect == Expectation::Equal ? "equal" : "unequal")
            << " " << FM.Change.Description << "\n";
    Total += Members.size();
  }
  return Total;
}

} // namespace

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "make mutated twins of functions\n");
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Input, Err, Ctx);
  if (!M) {
    Err.print(Argv[0], errs());
    return 1;
  }
  MutatorOptions MO;
  MO.ExecSafeOnly = Exec;
  MO.AllowSemantic = Semantic;
  MO.SimilarKinds = SimilarKinds;
  if (!KindName.empty() && !requestedKind()) {
    errs() << "lmf-mutate: no mutation kind is named '" << KindName << "'\n";
    return 1;
  }
  Mutator Mu(Seed, MO);
  int Changed = Exec ? runExec(*M, Mu, outs()) : runFamilies(*M, Mu, outs());
  if (verifyModule(*M, &errs())) {
    errs() << "lmf-mutate: the mutated module does not verify (a harness "
              "bug; seed "
           << Seed << ")\n";
    return 2;
  }
  std::error_code EC;
  ToolOutputFile Out(Output, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC) {
    errs() << "lmf-mutate: " << Output << ": " << EC.message() << "\n";
    return 1;
  }
  if (Text)
    M->print(Out.os(), nullptr);
  else
    WriteBitcodeToFile(*M, Out.os());
  Out.keep();
  if (!Changed)
    errs() << "lmf-mutate: nothing to clone in " << Input << "\n";
  return 0;
}
