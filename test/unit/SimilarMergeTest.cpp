//===- SimilarMergeTest.cpp - The similar stage on small modules ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each test writes a module whose functions differ only in constants (or in
// something that must keep them apart), runs mergeModule with the similar
// stage on and the verifier on, and checks the shared body, each member's
// fate and the values it passes. The lit tests check the same through the
// pass plugin's printed IR; these check the planner's decisions directly.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/TaskRunner.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <gtest/gtest.h>

#include <tuple>

using namespace llvm;

namespace lmf::test {
namespace {

/// Instructions that make a body large enough to pay for thunks: a chain
/// of multiplications from From, ending in %chainN.
std::string filler(StringRef From, int N = 24) {
  std::string S, Last = From.str();
  for (int I = 0; I < N; ++I) {
    std::string Next = "%chain" + std::to_string(I);
    S += "  " + Next + " = mul i32 " + Last + ", " + Last + "\n";
    Last = Next;
  }
  return S;
}

/// A body long enough to pay for thunks: it loads from and stores to
/// globals chosen by @NAME's parameters G1 and G2 and passes K to @sink.
std::string worker(StringRef Name, StringRef Linkage, StringRef G1,
                   StringRef G2, StringRef K) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "define " << Linkage << " i32 @" << Name << "(i32 %x) {\n"
     << "  %a = load i32, ptr " << G1 << "\n"
     << "  %b = add i32 %a, %x\n"
     << "  %c = mul i32 %b, %a\n"
     << "  %d = xor i32 %c, %x\n"
     << "  store i32 %d, ptr " << G2 << "\n"
     << "  %e = call i32 @sink(i32 %d, i32 " << K << ")\n"
     << "  %f = sub i32 %e, %b\n"
     << "  %g = mul i32 %f, %f\n"
     << "  %h = add i32 %g, %c\n"
     << "  store i32 %h, ptr " << G1 << "\n"
     << filler("%h") << "  ret i32 %chain23\n}\n";
  return S;
}

const char *Globals = "@g1 = global i32 0\n@g2 = global i32 0\n"
                      "@g3 = global i32 0\n@g4 = global i32 0\n"
                      "declare i32 @sink(i32, i32)\n";

std::optional<MergeResult> mergeSimilar(Module &M, TaskRunner &Runner,
                                        bool Integers = true) {
  MergeOptions Opts;
  Opts.Similar.Enabled = true;
  Opts.Similar.Integers = Integers;
  Opts.SerialThreshold = 0;
  return merge(M, Opts, Runner);
}

/// The call in thunk F's body.
const CallInst *thunkCall(const Function &F) {
  if (F.size() != 1)
    return nullptr;
  return dyn_cast<CallInst>(&F.front().front());
}

TEST(SimilarMerge, ExportedMembersBecomeThunksPassingTheirConstants) {
  LLVMContext Ctx;
  std::string Text = std::string(Globals) + worker("a", "", "@g1", "@g2", "1") +
                     worker("b", "", "@g3", "@g4", "2");
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = mergeSimilar(*M, serialRunner());
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Similar.size(), 1u) << printModule(*M);
  const SimilarGroup &G = R->Similar.front();
  // @g1 and @g3 (loaded and stored) share a parameter; @g2/@g4 and 1/2 are
  // two more.
  EXPECT_EQ(G.Parameters, 3u);
  EXPECT_EQ(G.KeptMember, "a");
  Function *Body = fn(*M, G.KeptBody);
  ASSERT_TRUE(Body);
  EXPECT_TRUE(Body->hasInternalLinkage());
  EXPECT_EQ(Body->arg_size(), 4u);
  for (StringRef Name : {"a", "b"}) {
    const CallInst *Call = thunkCall(*fn(*M, Name));
    ASSERT_TRUE(Call) << printModule(*M);
    EXPECT_EQ(Call->getCalledFunction(), Body);
    EXPECT_TRUE(Call->isTailCall());
  }
  const CallInst *B = thunkCall(*fn(*M, "b"));
  EXPECT_EQ(B->getArgOperand(1), M->getNamedValue("g3"));
  EXPECT_EQ(B->getArgOperand(2), M->getNamedValue("g4"));
  EXPECT_EQ(cast<ConstantInt>(B->getArgOperand(3))->getZExtValue(), 2u);
}

TEST(SimilarMerge, LocalMembersWithOneCallerDisappearBehindTheirCalls) {
  LLVMContext Ctx;
  std::string Text = std::string(Globals) +
                     worker("a", "internal", "@g1", "@g2", "1") +
                     worker("b", "internal", "@g3", "@g4", "1") +
                     "define i32 @main() {\n  %1 = call i32 @a(i32 1)\n"
                     "  %2 = call i32 @b(i32 %1)\n  ret i32 %2\n}\n";
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = mergeSimilar(*M, serialRunner());
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Similar.size(), 1u) << printModule(*M);
  EXPECT_EQ(R->Similar.front().Parameters, 2u);
  for (const MergedMember &Member : R->Similar.front().Members)
    EXPECT_EQ(Member.Action, MergeAction::CallsRewritten);
  EXPECT_FALSE(M->getFunction("a"));
  EXPECT_FALSE(M->getFunction("b"));
  Function *Body = fn(*M, R->Similar.front().KeptBody);
  ASSERT_TRUE(Body);
  EXPECT_EQ(Body->getNumUses(), 2u);
}

TEST(SimilarMerge, RecursionPassesTheRunningMembersParametersOn) {
  LLVMContext Ctx;
  auto Recursive = [](StringRef Name, StringRef G) {
    return "define i32 @" + Name.str() +
           "(i32 %n) {\n"
           "  %z = icmp eq i32 %n, 0\n  br i1 %z, label %done, label %more\n"
           "more:\n  %v = load i32, ptr " +
           G.str() +
           "\n"
           "  %m = sub i32 %n, 1\n  %r = call i32 @" +
           Name.str() +
           "(i32 %m)\n"
           "  %s = add i32 %r, %v\n  %t = mul i32 %s, %v\n"
           "  %u = xor i32 %t, %s\n  store i32 %u, ptr " +
           G.str() + "\n" + filler("%u") +
           "  ret i32 %chain23\ndone:\n  ret i32 0\n}\n";
  };
  std::string Text =
      std::string(Globals) + Recursive("a", "@g1") + Recursive("b", "@g2");
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = mergeSimilar(*M, serialRunner());
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Similar.size(), 1u) << printModule(*M);
  Function *Body = fn(*M, R->Similar.front().KeptBody);
  ASSERT_TRUE(Body);
  bool SawRecursion = false;
  for (const BasicBlock &BB : *Body)
    for (const Instruction &I : BB)
      if (const auto *CB = dyn_cast<CallBase>(&I)) {
        EXPECT_EQ(CB->getCalledFunction(), Body) << printFunction(*Body);
        EXPECT_EQ(CB->getArgOperand(1), Body->getArg(1));
        SawRecursion = true;
      }
  EXPECT_TRUE(SawRecursion);
}

TEST(SimilarMerge, DifferentArithmeticConstantsStayApart) {
  LLVMContext Ctx;
  std::string A = worker("a", "", "@g1", "@g2", "1");
  std::string B = worker("b", "", "@g3", "@g4", "2");
  // `add i32 %a, %x` against `add i32 %a, 7`: not a parameter position.
  B.replace(B.find("add i32 %a, %x"), 14, "add i32 %a, 7");
  auto M = parseIR(Ctx, std::string(Globals) + A + B);
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = mergeSimilar(*M, serialRunner());
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Similar.empty()) << printModule(*M);
}

TEST(SimilarMerge, IntegerConstantsBecomeParametersUnlessTurnedOff) {
  auto Bounded = [](StringRef Name, int Bound, int Step) {
    return "define i32 @" + Name.str() + "(i32 %x) {\n" +
           "  %in = icmp ult i32 %x, " + std::to_string(Bound) + "\n" +
           "  %next = add i32 %x, " + std::to_string(Step) + "\n" +
           "  %y = select i1 %in, i32 %next, i32 %x\n" + filler("%y") +
           "  ret i32 %chain23\n}\n";
  };
  std::string Text = Bounded("a", 10, 3) + Bounded("b", 20, 5);
  for (bool Integers : {false, true}) {
    LLVMContext Ctx;
    auto M = parseIR(Ctx, Text);
    ASSERT_TRUE(M);
    std::optional<MergeResult> R = mergeSimilar(*M, serialRunner(), Integers);
    ASSERT_TRUE(R);
    if (!Integers) {
      EXPECT_TRUE(R->Similar.empty()) << printModule(*M);
      continue;
    }
    ASSERT_EQ(R->Similar.size(), 1u) << printModule(*M);
    for (auto [Name, Bound, Step] :
         {std::tuple("a", 10, 3), std::tuple("b", 20, 5)}) {
      const CallInst *Call = thunkCall(*M->getFunction(Name));
      ASSERT_TRUE(Call) << printModule(*M);
      ASSERT_EQ(Call->arg_size(), 3u);
      EXPECT_EQ(cast<ConstantInt>(Call->getArgOperand(1))->getZExtValue(),
                uint64_t(Bound));
      EXPECT_EQ(cast<ConstantInt>(Call->getArgOperand(2))->getZExtValue(),
                uint64_t(Step));
    }
  }
}

TEST(SimilarMerge, TooManyParametersDropTheMostDeviatingMember) {
  LLVMContext Ctx;
  // Five pointer and integer parameters plus %x fit in six registers only
  // while @c, which differs everywhere, stays out.
  auto Many = [](StringRef Name, int K) {
    std::string S = "define i32 @" + Name.str() + "(i32 %x) {\n";
    for (int I = 0; I < 7; ++I)
      S += "  call void @use(i32 %x, i32 " + std::to_string(K * 10 + I) + ")\n";
    return S + filler("%x") + "  ret i32 %chain23\n}\n";
  };
  std::string Text = "declare void @use(i32, i32)\n" + Many("a", 1) +
                     Many("b", 1) + Many("c", 2);
  // @a and @b are identical: the identical stage folds them first; make
  // them differ in one constant so the similar stage sees three members.
  Text.replace(Text.find("i32 11)", Text.find("@b")), 7, "i32 99)");
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  std::optional<MergeResult> R = mergeSimilar(*M, serialRunner());
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Similar.size(), 1u) << printModule(*M);
  EXPECT_EQ(R->Similar.front().Members.size(), 2u);
  ASSERT_EQ(R->SimilarRefusals.size(), 1u);
  EXPECT_EQ(R->SimilarRefusals.front().Name, "c");
}

TEST(SimilarMerge, SameOutputForAnyThreadCount) {
  std::string Text = Globals;
  for (int I = 0; I < 40; ++I)
    Text += worker("f" + std::to_string(I), I % 2 ? "" : "internal",
                   I % 3 ? "@g1" : "@g3", I % 5 ? "@g2" : "@g4",
                   std::to_string(I % 4));
  Text += "define i32 @main() {\n";
  for (int I = 0; I < 40; I += 2)
    Text += "  %c" + std::to_string(I) + " = call i32 @f" + std::to_string(I) +
            "(i32 " + std::to_string(I) + ")\n";
  Text += "  ret i32 0\n}\n";
  std::string Expected;
  for (unsigned Threads : {1u, 2u, 4u}) {
    LLVMContext Ctx;
    auto M = parseIR(Ctx, Text);
    ASSERT_TRUE(M);
    std::unique_ptr<TaskRunner> Runner = createTaskRunner(Threads);
    std::optional<MergeResult> R = mergeSimilar(*M, *Runner);
    ASSERT_TRUE(R);
    EXPECT_GE(R->Stats.SimilarMembers, 4u);
    std::string Out = printModule(*M);
    if (Expected.empty())
      Expected = Out;
    EXPECT_EQ(Out, Expected) << Threads << " threads";
  }
}

} // namespace
} // namespace lmf::test
