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

/// Bytes to pass a table's address: a RIP-relative `lea`.
constexpr int64_t TableAddressBytes = 7;
/// Bytes a field of a table costs in each member's table: 8 (every
/// parameter type is at most 64 bits wide), and for an address in a
/// position-independent output the 24-byte dynamic relocation that fills it
/// in at load time.
int64_t tableFieldBytes(bool Pointer, bool PositionIndependent);

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

/// Bytes of a load of its own, where an access took an address as an operand.
constexpr int64_t TableAddressLoadBytes = 4;

/// What reading a table field at U costs the shared body: the address of a
/// load or store, which the access took as an operand, now takes a load of
/// its own (TableAddressLoadBytes); any other operand reads the field where
/// it read an immediate or a register (a byte, for the longer encoding).
int64_t tableReadBytes(const llvm::Use &U);

/// What a table costs a class, besides the address each member passes
/// (TableAddressBytes): a register that keeps the address across the
/// body's calls, the body's reads (ReadBytes) and Tables tables of
/// BytesPerTable each (tableFieldBytes of their fields). The data counts
/// twice: it is exact, while the code a class saves is an estimate, which
/// runs high on bodies of loads and compares (ConstantTables.cpp).
int64_t tableCostBytes(int64_t ReadBytes, int64_t BytesPerTable,
                       int64_t Tables);

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
