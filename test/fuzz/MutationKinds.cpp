//===- MutationKinds.cpp - What each kind of mutation promises ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The mutator (Mutator.cpp) changes one thing in a clone; the oracles and the
// campaigns need to know, per kind of change, its name in reports, whether
// the merger must still call the clone equal, whether the change can add
// undefined behaviour to a running program (only ExecSafe kinds go into the
// csmith campaign's programs), and whether it changes what the program
// computes (semantic kinds, allowed there on request). Kinds are ordered so
// that every kind before Constant is one the merger must see through.
//
//===----------------------------------------------------------------------===//

#include "Mutator.h"

using namespace llvm;

namespace lmf::fuzz {

StringRef kindName(MutationKind K) {
  switch (K) {
  case MutationKind::Copy: return "copy";
  case MutationKind::Rename: return "rename";
  case MutationKind::MoveBlock: return "move-block";
  case MutationKind::DropFlag: return "drop-flag";
  case MutationKind::AddFlag: return "add-flag";
  case MutationKind::DropMetadata: return "drop-metadata";
  case MutationKind::AddMetadata: return "add-metadata";
  case MutationKind::DropAttribute: return "drop-attribute";
  case MutationKind::AddAttribute: return "add-attribute";
  case MutationKind::RaiseAlignment: return "raise-function-alignment";
  case MutationKind::Constant: return "constant";
  case MutationKind::SwapOperands: return "swap-operands";
  case MutationKind::Opcode: return "opcode";
  case MutationKind::Predicate: return "predicate";
  case MutationKind::Volatile: return "volatile";
  case MutationKind::AccessAlignment: return "access-alignment";
  case MutationKind::Nontemporal: return "nontemporal";
  case MutationKind::UnknownMetadata: return "unknown-metadata";
  case MutationKind::StringAttribute: return "string-attribute";
  case MutationKind::ABIAttribute: return "abi-attribute";
  case MutationKind::CallingConv: return "calling-convention";
  case MutationKind::Section: return "section";
  case MutationKind::Global: return "global";
  case MutationKind::Callee: return "callee";
  case MutationKind::DataConstant: return "data-constant";
  case MutationKind::NumKinds: break;
  }
  return "?";
}

Expectation expectationOf(MutationKind K) {
  return K < MutationKind::Constant ? Expectation::Equal : Expectation::Unequal;
}

/// Global and Callee are safe because in ExecSafe mode they only swap in
/// exact copies where the copy cannot be told apart (Mutator.cpp says
/// which); DataConstant changes what a callee is given, which may be an
/// index or a size, so it may add undefined behaviour.
bool isExecSafe(MutationKind K) {
  switch (K) {
  case MutationKind::AddFlag:
  case MutationKind::AddMetadata:
  case MutationKind::AddAttribute:
  case MutationKind::ABIAttribute:
  case MutationKind::Predicate:
  case MutationKind::Constant:
  case MutationKind::SwapOperands:
  case MutationKind::Opcode:
  case MutationKind::DataConstant:
    return false;
  default:
    return true;
  }
}

bool isSemantic(MutationKind K) {
  return K == MutationKind::Constant || K == MutationKind::SwapOperands ||
         K == MutationKind::Opcode;
}

} // namespace lmf::fuzz
