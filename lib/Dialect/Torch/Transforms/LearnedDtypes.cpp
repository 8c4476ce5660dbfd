//===- LearnedDtypes.cpp - Result dtypes learned from PyTorch's samples ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The result dtype rules of OpInfoRules.inc, which utils/odsgen/
// opinfo_rules.py learns from what PyTorch's ops return on the samples of
// its OpInfo database, applied to what the shape inference knows of an op's
// operands.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
enum class LearnedDtype {
  /// The promoted dtype of some operands.
  Promote,
  /// Always the same dtype.
  Fixed,
};

/// What a promoted integral or bool dtype becomes.
enum class IntegralResult { Keep, Float, Long };

struct LearnedRule {
  const char *name;
  unsigned result;
  LearnedDtype kind;
  /// Promote: the operands that take part, one bit each.
  uint64_t operands;
  IntegralResult integral;
  /// Promote: whether 0-d tensors take part as dimensioned ones.
  bool dimensioned;
  /// Fixed: the c10::ScalarType code.
  int fixed;
  /// The `dtype` operand that overrides the rule when given, or -1.
  int dtypeOperand;
};

const LearnedRule kLearnedRules[] = {
#include "OpInfoRules.inc"
};

const llvm::StringMap<SmallVector<const LearnedRule *, 1>> &getTable() {
  static const auto *table = [] {
    auto *map = new llvm::StringMap<SmallVector<const LearnedRule *, 1>>;
    for (const LearnedRule &rule : kLearnedRules)
      (*map)[rule.name].push_back(&rule);
    return map;
  }();
  return *table;
}
} // namespace

Type mlir::torch_onnx::Torch::getLearnedDtype(Operation *op,
                                              unsigned resultIndex,
                                              const ShapeRefiner &refiner) {
  const auto &table = getTable();
  auto it = table.find(getTorchOperatorName(op));
  if (it == table.end())
    return Type();
  const LearnedRule *const *found =
      llvm::find_if(it->second, [&](const LearnedRule *rule) {
        return rule->result == resultIndex;
      });
  if (found == it->second.end())
    return Type();
  const LearnedRule &rule = **found;
  MLIRContext *context = op->getContext();
  if (rule.dtypeOperand >= 0 &&
      unsigned(rule.dtypeOperand) < op->getNumOperands()) {
    Value dtype = op->getOperand(rule.dtypeOperand);
    if (!isa<Torch::NoneType>(dtype.getType()) && !isConstantNone(dtype))
      return refiner.getDtypeOperand(dtype);
  }
  if (rule.kind == LearnedDtype::Fixed)
    return getDtypeForScalarType(context, rule.fixed);
  SmallVector<Value> operands;
  for (unsigned index = 0; index < 64; ++index) {
    if (!(rule.operands >> index & 1))
      continue;
    if (index >= op->getNumOperands())
      return Type();
    operands.push_back(op->getOperand(index));
  }
  Type dtype = promoteOperandDtypes(refiner, operands, rule.dimensioned);
  if (!dtype || !(isIntegralDtype(dtype) || isBoolDtype(dtype)))
    return dtype;
  switch (rule.integral) {
  case IntegralResult::Keep:
    return dtype;
  case IntegralResult::Float:
    return getF32Dtype(context);
  case IntegralResult::Long:
    return getSi64Dtype(context);
  }
  return Type();
}
