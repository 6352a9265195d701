//===- DeferredDeletionTest.cpp - Detach now, delete later ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A body handed to DeferredDeletion must be gone from the module, from the
// use lists of everything it referred to and from the context's tables the
// moment it is handed over, and be deletable on any thread afterwards. These
// tests check what is observable: module, symbol table, use lists, metadata
// and debug records of the survivors, value handles, and that a parallel
// deletion of many bodies leaves a module that verifies.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/DeferredDeletion.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

const char *const Twins = R"(
@g = global i32 0
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

define i32 @callee(i32 %x) {
  %v = load i32, ptr @g, align 4, !tbaa !0
  %s = add i32 %v, %x
  ret i32 %s
}

define i32 @doomed(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %v = load i32, ptr @g, align 4, !tbaa !0
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  %r = call i32 @callee(i32 %v)
  %again = call i32 @doomed(i32 %r)
  ret i32 %again
lp:
  %e = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %e
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"tbaa root"}
)";

unsigned usesOf(const Value *V) { return V->getNumUses(); }

TEST(DeferredDeletionTest, ErasedFunctionLeavesModuleAndUseListsAtOnce) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, Twins);
  ASSERT_TRUE(M);
  GlobalVariable *G = M->getGlobalVariable("g");
  Function *Callee = fn(*M, "callee");
  unsigned GlobalUses = usesOf(G), CalleeUses = usesOf(Callee);
  DeferredDeletion Deletion;
  Deletion.eraseFunction(*fn(*M, "doomed"));
  EXPECT_EQ(M->getFunction("doomed"), nullptr);
  EXPECT_EQ(usesOf(G), GlobalUses - 1);
  EXPECT_EQ(usesOf(Callee), CalleeUses - 1);
  EXPECT_TRUE(fn(*M, "__gxx_personality_v0")->use_empty());
  EXPECT_EQ(Deletion.pending(), 1u);
  Deletion.deletePending(serialRunner(), 0);
  EXPECT_EQ(Deletion.pending(), 0u);
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST(DeferredDeletionTest, DroppedBodyLeavesArgumentsToTheNewBody) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, Twins);
  ASSERT_TRUE(M);
  Function *F = fn(*M, "callee");
  DeferredDeletion Deletion;
  Deletion.dropBody(*F);
  EXPECT_TRUE(F->isDeclaration());
  EXPECT_TRUE(F->getArg(0)->use_empty());
  EXPECT_EQ(Deletion.pending(), 1u);
  // The function keeps its symbol and can get a new body at once.
  BasicBlock *Entry = BasicBlock::Create(Ctx, "", F);
  ReturnInst::Create(Ctx, F->getArg(0), Entry);
  Deletion.deletePending(serialRunner(), 0);
  EXPECT_FALSE(verifyModule(*M, &errs()));
  EXPECT_EQ(F->getArg(0)->getNumUses(), 1u);
}

TEST(DeferredDeletionTest, WatchedBodyIsDeletedAtOnce) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, Twins);
  ASSERT_TRUE(M);
  Function *F = fn(*M, "callee");
  WeakVH Watch(&F->front().front());
  DeferredDeletion Deletion;
  Deletion.eraseFunction(*F);
  EXPECT_EQ(Deletion.pending(), 0u);
  EXPECT_EQ(Watch, nullptr);
}

TEST(DeferredDeletionTest, NamedValuesLeaveTheContextWithTheirFunction) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, Twins);
  ASSERT_TRUE(M);
  DeferredDeletion Deletion;
  Deletion.eraseFunction(*fn(*M, "callee"));
  // The name is free again, as after eraseFromParent.
  Function *New =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                       GlobalValue::ExternalLinkage, "callee", M.get());
  EXPECT_EQ(New->getName(), "callee");
}

/// Many bodies that share globals, callees and metadata, deleted on two
/// threads: the module must verify and keep exactly the uses of the rest.
TEST(DeferredDeletionTest, ParallelDeletionOfBodiesSharingValues) {
  LLVMContext Ctx;
  std::string Text = Twins;
  for (int I = 0; I < 200; ++I)
    Text += "define i32 @copy" + std::to_string(I) +
            "(i32 %x) {\n  %v = load i32, ptr @g, align 4, !tbaa !0\n"
            "  %r = call i32 @callee(i32 %v)\n  ret i32 %r\n}\n";
  std::unique_ptr<Module> M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  DeferredDeletion Deletion;
  for (int I = 0; I < 200; ++I)
    Deletion.eraseFunction(*fn(*M, "copy" + std::to_string(I)));
  EXPECT_EQ(usesOf(M->getGlobalVariable("g")), 2u);
  std::unique_ptr<TaskRunner> Runner = createTaskRunner(2);
  Deletion.deletePending(*Runner, 0);
  EXPECT_FALSE(verifyModule(*M, &errs()));
  EXPECT_EQ(usesOf(fn(*M, "callee")), 1u);
}

} // namespace
