//===- IRGenerator.h - Deterministic random functions for tests -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The total-order, hash and determinism tests need many small functions that
// are often equal and often differ in exactly one spot. A function is drawn
// as a FunctionSpec (a few integer operations, loads, stores, GEPs, calls and
// float round trips over one integer type, in a straight, diamond or switch
// shape) and rendered to textual IR. Families come from mutating one spec:
//
//  * mutateAnnotation changes only annotations (flags, metadata and
//    attributes of the spec that test/support/AnnotationTable.h says the
//    merger may see through), so the function stays equal to its base;
//  * mutateSemantics changes what the function does (an opcode, a constant,
//    a type, volatility, alignment, a callee, a GEP type, phi order, a switch
//    case, `!nontemporal`, a calling convention, a section...).
//
// semanticKey renders a spec without the annotations the table says may
// differ: two specs must compare equal exactly when their keys are equal.
// That is the oracle the tests hold the comparator to. Everything is drawn from std::mt19937_64 with a fixed
// seed, without std:: distributions (their output differs between standard
// libraries), so every run sees the same functions.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_UNIT_IRGENERATOR_H
#define LMF_TEST_UNIT_IRGENERATOR_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace lmf::test {

enum class OpKind { Bin, Cmp, Load, Store, Gep, CallExt, CallFn, Float };

/// An integer operand: argument %a or %b, the result of an earlier op, or a
/// small constant.
struct Operand {
  enum Kind { Arg, Value, Const } K = Const;
  int64_t X = 0;
};

struct Op {
  OpKind Kind = OpKind::Bin;
  /// 0 is the entry block; 1..3 are the other blocks of the shape.
  unsigned Block = 0;
  /// Opcode, predicate, external callee or GEP source type, by kind.
  unsigned Code = 0;
  Operand A, B;
  /// Pointer operand: -1 for %p, else the index of a Gep op.
  int Ptr = -1;
  bool Volatile = false, Nontemporal = false, Tail = false;
  unsigned AlignLog = 0;
  std::string Callee; // CallFn only
  // Annotations: never change equality.
  unsigned Flags = 0;
  int Tbaa = -1, Range = -1;
  bool CallNoUndef = false;
};

enum class Shape { Straight, Diamond, Switch };

struct FunctionSpec {
  unsigned Bits = 32;
  Shape CFG = Shape::Straight;
  std::vector<Op> Ops;
  /// Returned value per block (Straight: [0]; Switch: [0] is the switch
  /// condition, [1..3] the returns; Diamond: [1], [2] the phi inputs).
  Operand Results[4];
  unsigned BranchPred = 0; // Diamond condition: icmp Pred Results[0], 7
  bool PhiSwapped = false;
  int64_t Case1 = 1, Case2 = 2;
  // Function-level semantics.
  bool FastCC = false, ZeroExtRet = false;
  int Section = -1, StringAttr = -1;
  // Function-level annotations.
  unsigned DerefP = 0;
  bool NonNullP = false, NoUndefA = false, NoUndefRet = false;
};

struct RenderOptions {
  std::string Name = "f";
  /// Linkage and visibility words before the return type, e.g. "internal".
  std::string Linkage;
  /// "", "unnamed_addr" or "local_unnamed_addr".
  std::string UnnamedAddr;
  bool Annotations = true;
};

/// Declarations and metadata every rendered function may refer to.
std::string renderPreamble();
std::string renderFunction(const FunctionSpec &Spec, const RenderOptions &RO);
/// The spec rendered without annotations under a fixed name.
std::string semanticKey(const FunctionSpec &Spec);

class SpecGenerator {
public:
  explicit SpecGenerator(uint64_t Seed) : Rng(Seed) {}

  /// Uniform in [0, N).
  uint64_t below(uint64_t N) { return Rng() % N; }
  bool coin() { return below(2); }

  FunctionSpec randomFunction(bool AllowCallsToExt = true);
  /// Changes one annotation; the key stays the same.
  void mutateAnnotation(FunctionSpec &Spec);
  /// Changes what the function does; the key changes. Signature allows
  /// changes of the type and calling convention.
  void mutateSemantics(FunctionSpec &Spec, bool Signature = true);

private:
  Operand randomOperand(const FunctionSpec &Spec, unsigned Block,
                        size_t Before);
  int randomPointer(const FunctionSpec &Spec, unsigned Block, size_t Before);
  Op randomOp(const FunctionSpec &Spec, unsigned Block, bool AllowCalls);
  bool tryMutateSemantics(FunctionSpec &Spec, bool Signature);

  std::mt19937_64 Rng;
};

/// Whether O produces an integer value that later ops may use.
bool producesInt(const Op &O);

/// Families of related functions in one module: each family grows from a
/// random base, every member derived from an earlier one by annotation
/// mutations (still equal), semantic mutations (different in one spot), or
/// nothing (an exact copy). Linkages vary, since they do not take part in
/// equality.
struct PoolMember {
  std::string Name;
  unsigned Family = 0;
  std::string Key;
};
struct FunctionPool {
  std::string Text;
  std::vector<PoolMember> Members;
};
FunctionPool buildFunctionPool(uint64_t Seed, unsigned Families,
                               unsigned PerFamily);

} // namespace lmf::test

#endif
