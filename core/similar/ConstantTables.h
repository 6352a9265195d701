//===- ConstantTables.h - Similar values passed through a table -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_CONSTANTTABLES_H
#define LMF_CORE_SIMILAR_CONSTANTTABLES_H

#include "core/facts/ByteModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <utility>

namespace llvm {
class Argument;
class BasicBlock;
class Constant;
class GlobalVariable;
class Module;
class StructType;
class Type;
class Use;
class Value;
} // namespace llvm

namespace lmf {

/// What a parameter of a similar class asks of the argument registers, how
/// many positions of the body read it, and whether every member's value
/// may live in a table (mayLiveInTable).
struct ParameterDemand {
  ArgumentRegisters Registers;
  unsigned Positions = 0;
  bool MayBeInTable = true;
};

/// True when C may be a field of a constant table: a value the object file
/// holds as plain bytes or as one full-width address (an integer or
/// floating-point constant, null, the address of a global that is not
/// thread-local or imported, a constant offset from one). Other constant
/// expressions are computed by code where they are used: an address
/// truncated to 32 bits, say, has no relocation a position-independent
/// program may use.
bool mayLiveInTable(const llvm::Constant &C);

/// Decides which of a class's parameters travel in a table when they do
/// not all fit in argument registers next to the function's own arguments
/// (Own) and one pointer for the table. Those that may not live in a table
/// keep a register, then those read at the most positions, ties going to
/// the earlier parameter. Sets InTable[I] for parameter I (all false when
/// everything fits without a table); returns false when the table's
/// pointer and the values that must stay in registers do not fit.
bool placeParameters(ArgumentRegisters Own,
                     llvm::ArrayRef<ParameterDemand> Parameters,
                     unsigned IntegerRegisters, unsigned FloatRegisters,
                     llvm::MutableArrayRef<bool> InTable);

/// What reading a table field at U costs the shared body, by Bytes: the
/// address of a load or store, which the access took as an operand, takes
/// a load of its own (ByteModel::tableAddressReadBytes); any other operand
/// reads the field where it read an immediate
/// (ByteModel::tableOperandReadBytes).
int64_t tableReadBytes(const llvm::Use &U, const ByteModel &Bytes);

/// What a table costs a class, besides the address each member passes
/// (ByteModel::tableAddressBytes): a register that keeps the address
/// across the body's calls, the body's reads (ReadBytes) and Tables tables
/// of BytesPerTable each (ByteModel::tableFieldBytes of their fields). The
/// data counts twice: it is exact, while the code a class saves is an
/// estimate, which runs high on bodies of loads and compares
/// (ConstantTables.cpp).
int64_t tableCostBytes(int64_t ReadBytes, int64_t BytesPerTable, int64_t Tables,
                       const ByteModel &Bytes);

/// The type of a table with one field per type, in order.
llvm::StructType *tableType(llvm::ArrayRef<llvm::Type *> Fields);

/// A new private constant table of Values (of Type) in M, named Name.
llvm::GlobalVariable *createTable(llvm::Module &M, llvm::StructType *Type,
                                  llvm::ArrayRef<llvm::Constant *> Values,
                                  llvm::StringRef Name);

/// Loads the table fields that the positions of one shared body read:
/// each position gets a load of its own right before its user (at the end
/// of the incoming block for a phi), so a value used on a cold path only is
/// loaded only on that path.
class TableReader {
public:
  TableReader(llvm::Argument &Table, llvm::StructType *Layout)
      : Table(Table), Layout(Layout) {}

  /// A load of field Field placed where U's user may read it.
  llvm::Value *loadFor(llvm::Use &U, unsigned Field);

private:
  llvm::Argument &Table;
  llvm::StructType *Layout;
  /// A phi may list one incoming block more than once, with one value: the
  /// loads placed in incoming blocks, by field and block.
  llvm::DenseMap<std::pair<unsigned, llvm::BasicBlock *>, llvm::Value *>
      IncomingLoads;
};

/// Attributes of a shared body's table parameter that tell the optimizer
/// what it is: a nonnull pointer to Type's bytes of read-only memory.
void describeTableParameter(llvm::Argument &Table, llvm::StructType *Type);

} // namespace lmf

#endif
