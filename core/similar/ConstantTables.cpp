//===- ConstantTables.cpp - Similar values passed through a table ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A shared body takes the values its members differ in as parameters, and
// those must fit in argument registers: a stack argument would turn every
// thunk from a jump into a frame. A function that already takes five
// arguments has room for one more, so two allocation helpers that differ
// in the three strings of their error messages could not share a body (the
// case that asked for tables: bench/notebook/2026-11-27.md, "lencod against
// two-round GlobalMergeFunctions").
//
// They can when the values that do not fit travel together: each member
// gets a private constant table of its values in read-only data, and
// passes the table's address in one register. The shared body loads a
// field right where the member used the constant, so a value used only on
// an error path is only loaded there; the loads are invariant (the table
// never changes), so code generation may hoist them out of loops. Values
// read at the most positions keep their registers.
//
// The price is counted by the target's byte model (ByteModel.cpp) like
// everything else: the table's address in every thunk or rewritten call
// (on x86-64 a 7-byte `lea`, on AArch64 `adrp`+`add`), a register to keep
// that address across the body's calls (8 bytes of saves, restores and
// moves), the reads (on x86-64 a byte where a field replaces an immediate
// operand, 4 where it replaces an address a load or store folded in and
// now needs a load of its own; on AArch64 a load where an immediate was,
// nothing where the table's load replaces the `adrp` of an address), and
// each member's table itself: 8 bytes a field, and 24 more for each
// address in a position-independent program (PIE or shared object), whose
// dynamic relocation fills it in at load time. The table is data, not code, and
// counting it keeps `.text` from shrinking at the expense of the binary.
// It counts twice: the data is exact, while the code a class saves is an
// estimate from IR, which runs high on bodies of loads and compares;
// counted once, a class whose tables cost more than its code saved still
// looked worth it (bench/notebook/2026-11-27.md, "Constant tables: values
// beyond the argument registers").
//
// Positions hold scalars of at most 64 bits, and the constants that mean
// something only where they are written (thread-local addresses,
// `blockaddress`, ...) are never parameter values (ParameterPositions.cpp).
// Not every parameter value may live in data, though: code computes a
// constant expression where it is used, while a table can hold only what
// the object file can: bytes, or one full-width address. An address
// truncated to 32 bits in the table of a PIE would need a relocation the
// linker refuses (`R_X86_64_32`). Such values keep a register, or the class
// takes no table.
//
//===----------------------------------------------------------------------===//

#include "core/similar/ConstantTables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <numeric>

using namespace llvm;

namespace lmf {

bool placeParameters(ArgumentRegisters Own,
                     ArrayRef<ParameterDemand> Parameters,
                     unsigned IntegerRegisters, unsigned FloatRegisters,
                     MutableArrayRef<bool> InTable) {
  auto Fits = [&](const ArgumentRegisters &Used) {
    return Used.Integer <= IntegerRegisters && Used.Float <= FloatRegisters;
  };
  llvm::fill(InTable, false);
  ArgumentRegisters All = Own;
  for (const ParameterDemand &P : Parameters) {
    All.Integer += P.Registers.Integer;
    All.Float += P.Registers.Float;
  }
  if (Fits(All))
    return true;
  ArgumentRegisters Used = Own;
  ++Used.Integer; // the table's address
  SmallVector<unsigned, 8> ByUse;
  for (auto [I, P] : enumerate(Parameters)) {
    if (P.MayBeInTable) {
      ByUse.push_back(I);
      continue;
    }
    Used.Integer += P.Registers.Integer;
    Used.Float += P.Registers.Float;
  }
  if (!Fits(Used))
    return false;
  llvm::stable_sort(ByUse, [&](unsigned L, unsigned R) {
    return Parameters[L].Positions > Parameters[R].Positions;
  });
  for (unsigned I : ByUse) {
    ArgumentRegisters With = Used;
    With.Integer += Parameters[I].Registers.Integer;
    With.Float += Parameters[I].Registers.Float;
    if (Fits(With))
      Used = With;
    else
      InTable[I] = true;
  }
  return true;
}

bool mayLiveInTable(const Constant &C) {
  if (isa<ConstantInt>(C) || isa<ConstantFP>(C) || isa<ConstantPointerNull>(C))
    return true;
  const Constant *Base = &C;
  if (const auto *GEP = dyn_cast<GEPOperator>(&C)) {
    if (!GEP->hasAllConstantIndices())
      return false;
    Base = cast<Constant>(GEP->getPointerOperand());
  }
  const auto *GV = dyn_cast<GlobalValue>(Base);
  return GV && !GV->isThreadLocal() && !GV->hasDLLImportStorageClass() &&
         GV->getType() == C.getType();
}

int64_t tableCostBytes(int64_t ReadBytes, int64_t BytesPerTable, int64_t Tables,
                       const ByteModel &Bytes) {
  constexpr int64_t DataWeight = 2;
  return Bytes.tableAddressKeptBytes() + ReadBytes +
         Tables * DataWeight * BytesPerTable;
}

static bool isAccessAddress(const Use &U) {
  const User *Access = U.getUser();
  return (isa<LoadInst>(Access) &&
          U.getOperandNo() == LoadInst::getPointerOperandIndex()) ||
         (isa<StoreInst>(Access) &&
          U.getOperandNo() == StoreInst::getPointerOperandIndex());
}

int64_t tableReadBytes(const Use &U, const ByteModel &Bytes) {
  return isAccessAddress(U) ? Bytes.tableAddressReadBytes()
                            : Bytes.tableOperandReadBytes();
}

StructType *tableType(ArrayRef<Type *> Fields) {
  return StructType::get(Fields.front()->getContext(), Fields);
}

GlobalVariable *createTable(Module &M, StructType *Type,
                            ArrayRef<Constant *> Values, StringRef Name) {
  auto *Table = new GlobalVariable(M, Type, /*isConstant=*/true,
                                   GlobalValue::PrivateLinkage,
                                   ConstantStruct::get(Type, Values), Name);
  Table->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Table->setAlignment(M.getDataLayout().getABITypeAlign(Type));
  return Table;
}

Value *TableReader::loadFor(Use &U, unsigned Field) {
  auto *User = cast<Instruction>(U.getUser());
  BasicBlock *Incoming = nullptr;
  Instruction *Before = User;
  if (auto *Phi = dyn_cast<PHINode>(User)) {
    Incoming = Phi->getIncomingBlock(U);
    if (Value *Earlier = IncomingLoads.lookup({Field, Incoming}))
      return Earlier;
    Before = Incoming->getTerminator();
  }
  const DataLayout &DL = Table.getParent()->getDataLayout();
  uint64_t Offset = DL.getStructLayout(Layout)->getElementOffset(Field);
  Type *FieldType = Layout->getElementType(Field);
  auto *Address = GetElementPtrInst::CreateInBounds(
      Layout, &Table,
      {ConstantInt::get(Type::getInt32Ty(Layout->getContext()), 0),
       ConstantInt::get(Type::getInt32Ty(Layout->getContext()), Field)},
      "", Before->getIterator());
  auto *Load = new LoadInst(FieldType, Address, "", /*isVolatile=*/false,
                            commonAlignment(DL.getABITypeAlign(Layout), Offset),
                            Before->getIterator());
  Load->setMetadata(LLVMContext::MD_invariant_load,
                    MDNode::get(Layout->getContext(), {}));
  Address->setDebugLoc(User->getDebugLoc());
  Load->setDebugLoc(User->getDebugLoc());
  if (Incoming)
    IncomingLoads[{Field, Incoming}] = Load;
  return Load;
}

void describeTableParameter(Argument &Table, StructType *Type) {
  const DataLayout &DL = Table.getParent()->getParent()->getDataLayout();
  LLVMContext &C = Table.getContext();
  Table.addAttr(Attribute::NonNull);
  Table.addAttr(Attribute::NoUndef);
  Table.addAttr(Attribute::ReadOnly);
  Table.addAttr(Attribute::getWithDereferenceableBytes(
      C, DL.getTypeAllocSize(Type).getFixedValue()));
  Table.addAttr(Attribute::getWithAlignment(C, DL.getABITypeAlign(Type)));
}

} // namespace lmf
