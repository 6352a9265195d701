//===- IRGenerator.cpp - Deterministic random functions for tests ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rendering is plain string building; the parser and verifier (TestIR.h)
// check the result. Mutations pick a random applicable kind and retry until
// the semantic key changes (or, for annotations, leave it alone by
// construction).
//
// Which words of a rendering are annotations, left out of the semantic key,
// is not decided here: the renderer asks the annotation table
// (test/support/AnnotationTable.h) for each flag, metadata kind and
// attribute, so the key follows the merger's policy as the table states it
// (AnnotationTableTest holds the table to core/equality/AnnotationPolicy.cpp).
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"

#include "test/support/AnnotationTable.h"

#include "llvm/IR/LLVMContext.h"

#include <sstream>

namespace lmf::test {
namespace {

using llvm::Attribute;
using llvm::LLVMContext;
using testsupport::Annotation;
using testsupport::Flag;

const char *const BinOpcodes[] = {"add", "sub", "mul",  "and",  "or",
                                  "xor", "shl", "lshr", "ashr", "udiv"};
constexpr unsigned NumBinOpcodes = 10;
const char *const Predicates[] = {"eq",  "ne",  "ugt", "uge", "ult",
                                  "ule", "sgt", "sge", "slt", "sle"};
constexpr unsigned NumPredicates = 10;
const char *const GepTypes[] = {"i8",  "i16",       "i32",
                                "i64", "[3 x i16]", "{ i32, i8 }"};
constexpr unsigned NumGepTypes = 6;
/// The fast-math flag of each bit of a Float op's Flags.
const Flag FastMathFlags[] = {Flag::FNNaN,   Flag::FNInf,     Flag::FNSZ,
                              Flag::FArcp,   Flag::FContract, Flag::FAfn,
                              Flag::FReassoc};
constexpr unsigned NumExternals = 4;
const unsigned Widths[] = {8, 16, 32, 64};

unsigned widthIndex(unsigned Bits) {
  for (unsigned I = 0; I < 4; ++I)
    if (Widths[I] == Bits)
      return I;
  return 2;
}

bool isWrapOpcode(unsigned Code) {
  return Code == 0 || Code == 1 || Code == 2 || Code == 6;
}
bool isExactOpcode(unsigned Code) { return Code >= 7; }

class Renderer {
public:
  Renderer(const FunctionSpec &S, const RenderOptions &RO)
      : S(S), RO(RO), T("i" + std::to_string(S.Bits)) {}

  std::string run();

private:
  std::string operand(const Operand &O) const;
  std::string pointer(int Ptr) const;
  std::string metadata(const Op &O) const;
  void header();
  void op(const Op &O, size_t Index);
  void opsOfBlock(unsigned Block);
  /// Whether to write annotation A: always, except in the semantic key,
  /// which leaves out what the merger does not compare.
  bool shows(Annotation A) const {
    return RO.Annotations || !testsupport::mayDiffer(A);
  }
  /// " nsw" and the like when the op has the flag and it is shown.
  std::string flag(Flag F, bool Has) const {
    return Has && shows(Annotation::flag(F))
               ? std::string(" ") + testsupport::flagEntry(F).Keyword
               : "";
  }
  bool showsMetadata(unsigned Kind) const {
    return shows(Annotation::instructionMetadata(Kind));
  }
  bool showsAttribute(Attribute::AttrKind Kind) const {
    return shows(Annotation::valueAttribute(Kind));
  }

  const FunctionSpec &S;
  const RenderOptions &RO;
  std::string T;
  std::ostringstream Out;
};

std::string Renderer::operand(const Operand &O) const {
  switch (O.K) {
  case Operand::Arg:
    return O.X == 0 ? "%a" : "%b";
  case Operand::Value:
    return "%v" + std::to_string(O.X);
  case Operand::Const:
    return std::to_string(O.X);
  }
  return "0";
}

std::string Renderer::pointer(int Ptr) const {
  return Ptr < 0 ? "%p" : "%v" + std::to_string(Ptr);
}

std::string Renderer::metadata(const Op &O) const {
  std::string MD;
  if (O.Tbaa >= 0 && showsMetadata(LLVMContext::MD_tbaa))
    MD += ", !tbaa !" + std::to_string(5 + O.Tbaa);
  if (O.Range >= 0 && O.Kind == OpKind::Load &&
      showsMetadata(LLVMContext::MD_range))
    MD += ", !range !" + std::to_string(10 + widthIndex(S.Bits) * 3 + O.Range);
  if (O.Nontemporal && showsMetadata(LLVMContext::MD_nontemporal))
    MD += ", !nontemporal !9";
  return MD;
}

void Renderer::header() {
  Out << "define ";
  if (!RO.Linkage.empty())
    Out << RO.Linkage << " ";
  if (S.FastCC)
    Out << "fastcc ";
  if (S.ZeroExtRet && showsAttribute(Attribute::ZExt))
    Out << "zeroext ";
  if (S.NoUndefRet && showsAttribute(Attribute::NoUndef))
    Out << "noundef ";
  Out << T << " @" << RO.Name << "(" << T
      << (S.NoUndefA && showsAttribute(Attribute::NoUndef) ? " noundef" : "")
      << " %a, " << T << " %b, ptr";
  if (S.NonNullP && showsAttribute(Attribute::NonNull))
    Out << " nonnull";
  if (S.DerefP && showsAttribute(Attribute::Dereferenceable))
    Out << " dereferenceable(" << S.DerefP << ")";
  Out << " %p)";
  if (!RO.UnnamedAddr.empty())
    Out << " " << RO.UnnamedAddr;
  if (S.StringAttr >= 0)
    Out << " \"lmf-test\"=\"v" << S.StringAttr << "\"";
  if (S.Section >= 0)
    Out << " section \".text.lmf" << S.Section << "\"";
  Out << " {\nentry:\n";
}

void Renderer::op(const Op &O, size_t I) {
  std::string V = "%v" + std::to_string(I);
  std::string A = operand(O.A), B = operand(O.B);
  switch (O.Kind) {
  case OpKind::Bin: {
    Out << "  " << V << " = " << BinOpcodes[O.Code];
    if (isWrapOpcode(O.Code))
      Out << flag(Flag::NUW, O.Flags & 1) << flag(Flag::NSW, O.Flags & 2);
    if (isExactOpcode(O.Code))
      Out << flag(Flag::Exact, O.Flags & 4);
    if (O.Code == 4)
      Out << flag(Flag::Disjoint, O.Flags & 8);
    Out << " " << T << " " << A << ", " << B << "\n";
    return;
  }
  case OpKind::Cmp:
    Out << "  " << V << ".c = icmp" << flag(Flag::SameSign, O.Flags & 1) << " "
        << Predicates[O.Code] << " " << T << " " << A << ", " << B << "\n";
    Out << "  " << V << " = select i1 " << V << ".c, " << T << " " << A << ", "
        << T << " " << B << "\n";
    return;
  case OpKind::Load:
    Out << "  " << V << " = load " << (O.Volatile ? "volatile " : "") << T
        << ", ptr " << pointer(O.Ptr) << ", align " << (1u << O.AlignLog)
        << metadata(O) << "\n";
    return;
  case OpKind::Store:
    Out << "  store " << (O.Volatile ? "volatile " : "") << T << " " << A
        << ", ptr " << pointer(O.Ptr) << ", align " << (1u << O.AlignLog)
        << metadata(O) << "\n";
    return;
  case OpKind::Gep:
    Out << "  " << V << " = getelementptr"
        << flag(Flag::GEPInBounds, O.Flags & 1)
        << flag(Flag::GEPNUW, O.Flags & 2) << " " << GepTypes[O.Code]
        << ", ptr " << pointer(O.Ptr) << ", " << T << " " << A << "\n";
    return;
  case OpKind::CallExt: {
    std::string NoUndef =
        O.CallNoUndef && showsAttribute(Attribute::NoUndef) ? "noundef " : "";
    Out << "  " << V << " = " << (O.Tail ? "tail " : "") << "call " << NoUndef
        << T << " @ext" << O.Code << ".i" << S.Bits << "(" << T << " "
        << NoUndef << A << ")\n";
    return;
  }
  case OpKind::CallFn:
    Out << "  " << V << " = " << (O.Tail ? "tail " : "") << "call "
        << (O.CallNoUndef && showsAttribute(Attribute::NoUndef) ? "noundef "
                                                                : "")
        << T << " @" << O.Callee << "(" << T << " " << A << ", " << T << " "
        << B << ", ptr %p)\n";
    return;
  case OpKind::Float: {
    Out << "  " << V << ".f = sitofp " << T << " " << A << " to double\n";
    Out << "  " << V << ".g = fadd";
    for (unsigned Bit = 0; Bit < 7; ++Bit)
      Out << flag(FastMathFlags[Bit], O.Flags & (1u << Bit));
    Out << " double " << V << ".f, " << B << ".0\n";
    Out << "  " << V << " = fptosi double " << V << ".g to " << T << "\n";
    return;
  }
  }
}

void Renderer::opsOfBlock(unsigned Block) {
  for (size_t I = 0; I < S.Ops.size(); ++I)
    if (S.Ops[I].Block == Block)
      op(S.Ops[I], I);
}

std::string Renderer::run() {
  header();
  opsOfBlock(0);
  const Operand *R = S.Results;
  switch (S.CFG) {
  case Shape::Straight:
    Out << "  ret " << T << " " << operand(R[0]) << "\n";
    break;
  case Shape::Diamond:
    Out << "  %cc = icmp " << Predicates[S.BranchPred] << " " << T << " "
        << operand(R[0]) << ", 7\n";
    Out << "  br i1 %cc, label %bb1, label %bb2\nbb1:\n";
    opsOfBlock(1);
    Out << "  br label %merge\nbb2:\n";
    opsOfBlock(2);
    Out << "  br label %merge\nmerge:\n";
    Out << "  %m = phi " << T << " [ " << operand(R[1]) << ", "
        << (S.PhiSwapped ? "%bb2" : "%bb1") << " ], [ " << operand(R[2]) << ", "
        << (S.PhiSwapped ? "%bb1" : "%bb2") << " ]\n";
    Out << "  ret " << T << " %m\n";
    break;
  case Shape::Switch:
    Out << "  switch " << T << " " << operand(R[0]) << ", label %bb3 [ " << T
        << " " << S.Case1 << ", label %bb1\n    " << T << " " << S.Case2
        << ", label %bb2 ]\n";
    for (unsigned B = 1; B <= 3; ++B) {
      Out << "bb" << B << ":\n";
      opsOfBlock(B);
      Out << "  ret " << T << " " << operand(R[B]) << "\n";
    }
    break;
  }
  Out << "}\n\n";
  return Out.str();
}

} // namespace

bool producesInt(const Op &O) {
  return O.Kind != OpKind::Store && O.Kind != OpKind::Gep;
}

std::string renderPreamble() {
  std::ostringstream Out;
  for (unsigned Bits : Widths)
    for (unsigned K = 0; K < NumExternals; ++K)
      Out << "declare i" << Bits << " @ext" << K << ".i" << Bits << "(i" << Bits
          << ")\n";
  Out << "\n!0 = !{!\"lmf test tbaa\"}\n"
         "!1 = !{!\"omnipotent char\", !0, i64 0}\n"
         "!2 = !{!\"int\", !1, i64 0}\n"
         "!3 = !{!\"short\", !1, i64 0}\n"
         "!4 = !{!\"long\", !1, i64 0}\n"
         "!5 = !{!2, !2, i64 0}\n"
         "!6 = !{!3, !3, i64 0}\n"
         "!7 = !{!4, !4, i64 0}\n"
         "!8 = !{!1, !1, i64 0}\n"
         "!9 = !{i32 1}\n";
  for (unsigned W = 0; W < 4; ++W) {
    std::string T = "i" + std::to_string(Widths[W]);
    unsigned Base = 10 + W * 3;
    Out << "!" << Base << " = !{" << T << " 0, " << T << " 10}\n";
    Out << "!" << Base + 1 << " = !{" << T << " 5, " << T << " 50}\n";
    Out << "!" << Base + 2 << " = !{" << T << " -3, " << T << " 3}\n";
  }
  Out << "\n";
  return Out.str();
}

std::string renderFunction(const FunctionSpec &Spec, const RenderOptions &RO) {
  return Renderer(Spec, RO).run();
}

std::string semanticKey(const FunctionSpec &Spec) {
  RenderOptions RO;
  RO.Annotations = false;
  return renderFunction(Spec, RO);
}

Operand SpecGenerator::randomOperand(const FunctionSpec &Spec, unsigned Block,
                                     size_t Before) {
  std::vector<Operand> Choices{{Operand::Arg, 0}, {Operand::Arg, 1}};
  for (size_t I = 0; I < Before; ++I) {
    const Op &O = Spec.Ops[I];
    if (producesInt(O) && (O.Block == 0 || O.Block == Block))
      Choices.push_back({Operand::Value, static_cast<int64_t>(I)});
  }
  if (below(4) == 0)
    return {Operand::Const, static_cast<int64_t>(below(101))};
  return Choices[below(Choices.size())];
}

int SpecGenerator::randomPointer(const FunctionSpec &Spec, unsigned Block,
                                 size_t Before) {
  std::vector<int> Choices{-1};
  for (size_t I = 0; I < Before; ++I) {
    const Op &O = Spec.Ops[I];
    if (O.Kind == OpKind::Gep && (O.Block == 0 || O.Block == Block))
      Choices.push_back(static_cast<int>(I));
  }
  return Choices[below(Choices.size())];
}

Op SpecGenerator::randomOp(const FunctionSpec &Spec, unsigned Block,
                           bool AllowCalls) {
  Op O;
  O.Block = Block;
  size_t Before = Spec.Ops.size();
  unsigned Roll = below(100);
  O.Kind = Roll < 30   ? OpKind::Bin
           : Roll < 40 ? OpKind::Cmp
           : Roll < 55 ? OpKind::Load
           : Roll < 65 ? OpKind::Store
           : Roll < 75 ? OpKind::Gep
           : Roll < 85 ? (AllowCalls ? OpKind::CallExt : OpKind::Bin)
                       : OpKind::Float;
  O.A = randomOperand(Spec, Block, Before);
  O.B = randomOperand(Spec, Block, Before);
  switch (O.Kind) {
  case OpKind::Bin:
    O.Code = below(NumBinOpcodes);
    O.Flags = below(16);
    break;
  case OpKind::Cmp:
    O.Code = below(NumPredicates);
    O.Flags = below(2);
    break;
  case OpKind::Load:
  case OpKind::Store:
    O.Ptr = randomPointer(Spec, Block, Before);
    O.AlignLog = below(4);
    O.Volatile = below(5) == 0;
    O.Nontemporal = below(8) == 0;
    O.Tbaa = static_cast<int>(below(5)) - 1;
    O.Range = static_cast<int>(below(4)) - 1;
    break;
  case OpKind::Gep:
    O.Ptr = randomPointer(Spec, Block, Before);
    O.Code = below(NumGepTypes);
    O.Flags = below(4);
    break;
  case OpKind::CallExt:
    O.Code = below(NumExternals);
    O.Tail = coin();
    O.CallNoUndef = coin();
    break;
  case OpKind::Float:
    O.B = {Operand::Const, static_cast<int64_t>(below(101))};
    O.Flags = below(128);
    break;
  case OpKind::CallFn:
    break;
  }
  return O;
}

FunctionSpec SpecGenerator::randomFunction(bool AllowCallsToExt) {
  FunctionSpec S;
  S.Bits = Widths[below(4)];
  unsigned ShapeRoll = below(4);
  S.CFG = ShapeRoll < 2    ? Shape::Straight
          : ShapeRoll == 2 ? Shape::Diamond
                           : Shape::Switch;
  unsigned NumBlocks = S.CFG == Shape::Straight  ? 1
                       : S.CFG == Shape::Diamond ? 3
                                                 : 4;
  for (unsigned Block = 0; Block < NumBlocks; ++Block) {
    unsigned Count = Block == 0 ? 2 + below(5) : 1 + below(3);
    for (unsigned I = 0; I < Count; ++I)
      S.Ops.push_back(randomOp(S, Block, AllowCallsToExt));
    // Phi inputs come from the entry block so that swapping the incoming
    // blocks keeps the IR valid.
    unsigned From = S.CFG == Shape::Diamond ? 0 : Block;
    Operand R = randomOperand(S, From, S.Ops.size());
    if (R.K == Operand::Const && S.CFG == Shape::Switch && Block == 0)
      R = {Operand::Arg, 0}; // a constant switch condition is legal but dull
    S.Results[Block] = R;
  }
  S.BranchPred = below(NumPredicates);
  S.Case1 = below(50);
  S.Case2 = 50 + below(51);
  S.DerefP = below(3) == 0 ? 4u << below(3) : 0;
  S.NonNullP = coin();
  S.NoUndefA = coin();
  S.NoUndefRet = coin();
  return S;
}

void SpecGenerator::mutateAnnotation(FunctionSpec &S) {
  for (;;) {
    unsigned Kind = below(8);
    if (Kind < 4 && !S.Ops.empty()) {
      Op &O = S.Ops[below(S.Ops.size())];
      switch (Kind) {
      case 0:
        if (O.Kind == OpKind::Bin || O.Kind == OpKind::Cmp ||
            O.Kind == OpKind::Gep || O.Kind == OpKind::Float) {
          O.Flags ^= 1u << below(O.Kind == OpKind::Float ? 7 : 4);
          return;
        }
        break;
      case 1:
        if (O.Kind == OpKind::Load || O.Kind == OpKind::Store) {
          O.Tbaa = static_cast<int>(below(5)) - 1;
          return;
        }
        break;
      case 2:
        if (O.Kind == OpKind::Load) {
          O.Range = static_cast<int>(below(4)) - 1;
          return;
        }
        break;
      case 3:
        if (O.Kind == OpKind::CallExt || O.Kind == OpKind::CallFn) {
          O.CallNoUndef = !O.CallNoUndef;
          return;
        }
        break;
      }
      continue;
    }
    switch (Kind) {
    case 4:
      S.DerefP = below(2) ? 4u << below(3) : 0;
      return;
    case 5:
      S.NonNullP = !S.NonNullP;
      return;
    case 6:
      S.NoUndefA = !S.NoUndefA;
      return;
    case 7:
      S.NoUndefRet = !S.NoUndefRet;
      return;
    }
  }
}

/// One random change of behaviour; may turn out to be a no-op (e.g. the
/// same opcode drawn again), which the caller detects through the key.
bool SpecGenerator::tryMutateSemantics(FunctionSpec &S, bool Signature) {
  Op &O = S.Ops[below(S.Ops.size())];
  auto Bump = [&](int64_t &X) { X = (X + 1 + below(20)) % 101; };
  switch (below(14)) {
  case 0:
    if (O.Kind != OpKind::Bin)
      return false;
    O.Code = (O.Code + 1 + below(NumBinOpcodes - 1)) % NumBinOpcodes;
    return true;
  case 1:
    if (O.B.K == Operand::Const)
      Bump(O.B.X);
    else if (O.A.K == Operand::Const)
      Bump(O.A.X);
    else
      return false;
    return true;
  case 2:
    if (O.Kind != OpKind::Cmp)
      return false;
    O.Code = (O.Code + 1 + below(NumPredicates - 1)) % NumPredicates;
    return true;
  case 3:
    if (O.Kind != OpKind::Load && O.Kind != OpKind::Store)
      return false;
    O.Volatile = !O.Volatile;
    return true;
  case 4:
    if (O.Kind != OpKind::Load && O.Kind != OpKind::Store)
      return false;
    O.AlignLog = (O.AlignLog + 1 + below(3)) % 4;
    return true;
  case 5:
    if (O.Kind != OpKind::CallExt)
      return false;
    O.Code = (O.Code + 1 + below(NumExternals - 1)) % NumExternals;
    return true;
  case 6:
    if (O.Kind != OpKind::Gep)
      return false;
    O.Code = (O.Code + 1 + below(NumGepTypes - 1)) % NumGepTypes;
    return true;
  case 7:
    if (S.CFG == Shape::Diamond)
      S.PhiSwapped = !S.PhiSwapped;
    else if (S.CFG == Shape::Switch)
      S.Case1 = (S.Case1 + 1 + below(40)) % 50;
    else
      return false;
    return true;
  case 8:
    if (O.Kind != OpKind::Load && O.Kind != OpKind::Store)
      return false;
    O.Nontemporal = !O.Nontemporal;
    return true;
  case 9:
    if (O.Kind != OpKind::CallExt && O.Kind != OpKind::CallFn)
      return false;
    O.Tail = !O.Tail;
    return true;
  case 10:
    if (coin())
      S.Section = S.Section >= 0 ? -1 : static_cast<int>(below(2));
    else
      S.StringAttr = S.StringAttr >= 0 ? -1 : static_cast<int>(below(2));
    return true;
  case 11:
    if (!Signature)
      return false;
    switch (below(3)) {
    case 0:
      S.Bits = Widths[(widthIndex(S.Bits) + 1 + below(3)) % 4];
      break;
    case 1:
      S.FastCC = !S.FastCC;
      break;
    default:
      S.ZeroExtRet = !S.ZeroExtRet;
      break;
    }
    return true;
  case 12:
    if (O.Kind != OpKind::Bin && O.Kind != OpKind::Cmp)
      return false;
    std::swap(O.A, O.B);
    return true;
  default:
    if (S.CFG != Shape::Diamond)
      return false;
    S.BranchPred =
        (S.BranchPred + 1 + below(NumPredicates - 1)) % NumPredicates;
    return true;
  }
}

void SpecGenerator::mutateSemantics(FunctionSpec &S, bool Signature) {
  std::string Before = semanticKey(S);
  for (;;) {
    FunctionSpec Candidate = S;
    if (tryMutateSemantics(Candidate, Signature) &&
        semanticKey(Candidate) != Before) {
      S = std::move(Candidate);
      return;
    }
  }
}

FunctionPool buildFunctionPool(uint64_t Seed, unsigned Families,
                               unsigned PerFamily) {
  static const char *const Linkages[] = {"", "internal", "linkonce_odr", "weak",
                                         "private"};
  static const char *const UnnamedAddrs[] = {"", "unnamed_addr",
                                             "local_unnamed_addr"};
  SpecGenerator Gen(Seed);
  FunctionPool Pool;
  std::ostringstream Text;
  Text << renderPreamble();
  for (unsigned F = 0; F < Families; ++F) {
    std::vector<FunctionSpec> Members{Gen.randomFunction()};
    while (Members.size() < PerFamily) {
      FunctionSpec S = Members[Gen.below(Members.size())];
      unsigned Roll = Gen.below(20);
      if (Roll < 8) {
        for (unsigned N = 1 + Gen.below(3); N--;)
          Gen.mutateAnnotation(S);
      } else if (Roll < 17) {
        Gen.mutateSemantics(S);
        if (Gen.coin())
          Gen.mutateAnnotation(S);
      }
      Members.push_back(std::move(S));
    }
    for (size_t I = 0; I < Members.size(); ++I) {
      RenderOptions RO;
      RO.Name = "f" + std::to_string(F) + "_" + std::to_string(I);
      RO.Linkage = Linkages[Gen.below(5)];
      RO.UnnamedAddr = UnnamedAddrs[Gen.below(3)];
      Text << renderFunction(Members[I], RO);
      Pool.Members.push_back({RO.Name, F, semanticKey(Members[I])});
    }
  }
  Pool.Text = Text.str();
  return Pool;
}

} // namespace lmf::test
