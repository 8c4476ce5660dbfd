//===- ShapeInferenceElementwise.cpp - Elementwise op shape rules ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Unary ops keep their input's shape; binary and ternary ops broadcast their
// tensor operands. The result dtype follows PyTorch: most ops promote their
// operands, comparisons give bool, and ops such as `sin` or `div` give the
// default float dtype for integer inputs.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// How an elementwise op's result dtype follows from its operands.
enum class DtypeRule {
  /// The dtype of operand 0.
  SameAsInput,
  /// Integer and bool inputs give f32; float inputs keep their dtype.
  FloatOfInput,
  /// Always bool.
  Bool,
  /// The promoted dtype of the participating operands.
  Promote,
  /// As Promote, then integer and bool give f32.
  FloatOfPromoted,
  /// The dtype operand if it is not None, else the input's dtype.
  DtypeOperand,
  /// As DtypeOperand, but integer and bool inputs give si64 (cumsum).
  DtypeOperandOrLong,
  /// The dtype of operand `dtypeOperand` (a tensor), as in type_as.
  DtypeOfTensor,
};

/// How the result shape follows from the operands.
enum class ShapeRule {
  /// The shape of operand 0.
  SameAsInput,
  /// The broadcast of every tensor operand.
  Broadcast,
};

struct ElementwiseRule {
  ShapeRule shape;
  DtypeRule dtype;
  /// For Promote rules: the operands that take part in the promotion.
  unsigned firstParticipant = 0, numParticipants = 0;
  /// For DtypeOperand rules: the index of the dtype (or tensor) operand.
  unsigned dtypeOperand = 0;
};

struct NamedRule {
  const char *names;
  ElementwiseRule rule;
};

// clang-format off
const NamedRule kRules[] = {
    {"abs neg relu relu6 ceil floor round round.decimals trunc sign frac "
     "hardtanh leaky_relu elu selu celu gelu silu mish hardsigmoid hardswish "
     "softplus hardshrink softshrink threshold clone contiguous detach alias "
     "lift_fresh lift_fresh_copy dropout feature_dropout alpha_dropout "
     "feature_alpha_dropout bitwise_not fill.Scalar fill.Tensor zero "
     "bernoulli bernoulli.p bernoulli.Tensor square nan_to_num tril triu flip "
     "roll copy prelu channel_shuffle index_put index_put.hacked_twin "
     "index_add index_copy scatter.src scatter.value scatter.reduce scatter.value_reduce "
     "scatter_add _masked_softmax slice_scatter select_scatter "
     "scatter_reduce.two resolve_conj resolve_neg",
     {ShapeRule::SameAsInput, DtypeRule::SameAsInput}},
    {"acos acosh asin asinh atan atanh cos cosh sin sinh tan tanh exp exp2 "
     "expm1 log log10 log1p log2 sqrt rsqrt erf erfinv sigmoid reciprocal "
     "log_sigmoid logit erfc sinc deg2rad rad2deg logcumsumexp",
     {ShapeRule::SameAsInput, DtypeRule::FloatOfInput}},
    {"isnan isinf logical_not isfinite isposinf isneginf signbit",
     {ShapeRule::SameAsInput, DtypeRule::Bool}},
    {"add.Tensor sub.Tensor mul.Tensor add.Scalar sub.Scalar mul.Scalar "
     "rsub.Scalar rsub.Tensor remainder.Tensor remainder.Scalar "
     "remainder.Scalar_Tensor fmod.Tensor fmod.Scalar maximum minimum "
     "max.other min.other floor_divide floor_divide.Scalar bitwise_and.Tensor "
     "bitwise_and.Scalar bitwise_and.Scalar_Tensor bitwise_or.Tensor "
     "bitwise_or.Scalar bitwise_or.Scalar_Tensor bitwise_xor.Tensor "
     "bitwise_xor.Scalar bitwise_xor.Scalar_Tensor __and__.Tensor "
     "__and__.Scalar __or__.Tensor __or__.Scalar __xor__.Tensor "
     "__xor__.Scalar pow.Tensor_Tensor "
     "pow.Tensor_Scalar pow.Scalar lerp.Scalar lerp.Tensor clamp_min "
     "clamp_max clamp_min.Tensor clamp_max.Tensor heaviside cross "
     "linalg_cross",
     {ShapeRule::Broadcast, DtypeRule::Promote, 0, 2}},
    {"clamp clamp.Tensor clip clip.Tensor addcmul addcdiv",
     {ShapeRule::Broadcast, DtypeRule::Promote, 0, 3}},
    {"where.self where.ScalarOther where.ScalarSelf where.Scalar",
     {ShapeRule::Broadcast, DtypeRule::Promote, 1, 2}},
    {"masked_fill.Scalar masked_fill.Tensor",
     {ShapeRule::Broadcast, DtypeRule::SameAsInput}},
    {"div.Tensor div.Scalar true_divide.Tensor true_divide.Scalar hypot atan2 "
     "xlogy.Tensor logaddexp logaddexp2",
     {ShapeRule::Broadcast, DtypeRule::FloatOfPromoted, 0, 2}},
    {"eq.Tensor eq.Scalar ne.Tensor ne.Scalar lt.Tensor lt.Scalar le.Tensor "
     "le.Scalar gt.Tensor gt.Scalar ge.Tensor ge.Scalar logical_and "
     "logical_or logical_xor isclose",
     {ShapeRule::Broadcast, DtypeRule::Bool}},
    {"zeros_like ones_like empty_like rand_like randn_like to.dtype "
     "to.prim_dtype to.dtype_layout _to_copy",
     {ShapeRule::SameAsInput, DtypeRule::DtypeOperand, 0, 0, 1}},
    {"full_like to.device to.prim_Device",
     {ShapeRule::SameAsInput, DtypeRule::DtypeOperand, 0, 0, 2}},
    {"softmax.int log_softmax.int",
     {ShapeRule::SameAsInput, DtypeRule::DtypeOperand, 0, 0, 2}},
    {"cumsum cumprod",
     {ShapeRule::SameAsInput, DtypeRule::DtypeOperandOrLong, 0, 0, 2}},
    {"to.other type_as",
     {ShapeRule::SameAsInput, DtypeRule::DtypeOfTensor, 0, 0, 1}},
    {"to.prim_other",
     {ShapeRule::SameAsInput, DtypeRule::SameAsInput}},
};
// clang-format on

/// The rule of each op, by full op name (`torch.aten.add.Tensor`).
const llvm::StringMap<ElementwiseRule> &getRuleTable() {
  static const llvm::StringMap<ElementwiseRule> table = [] {
    llvm::StringMap<ElementwiseRule> map;
    for (const NamedRule &entry : kRules) {
      SmallVector<StringRef> names;
      StringRef(entry.names).split(names, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef name : names)
        map[("torch.aten." + name).str()] = entry.rule;
    }
    return map;
  }();
  return table;
}

Type inferDtype(Operation *op, const ElementwiseRule &rule,
                const ShapeRefiner &refiner) {
  MLIRContext *context = op->getContext();
  Type inputDtype = refiner.getTensor(op->getOperand(0)).dtype;
  auto participants = [&] {
    return op->getOperands().slice(
        rule.firstParticipant,
        std::min<unsigned>(rule.numParticipants,
                           op->getNumOperands() - rule.firstParticipant));
  };
  switch (rule.dtype) {
  case DtypeRule::SameAsInput:
    return inputDtype;
  case DtypeRule::FloatOfInput:
    return inputDtype ? getFloatResultDtype(inputDtype) : Type();
  case DtypeRule::Bool:
    return getBoolDtype(context);
  case DtypeRule::Promote:
    return promoteOperandDtypes(refiner, participants());
  case DtypeRule::FloatOfPromoted: {
    Type promoted = promoteOperandDtypes(refiner, participants());
    return promoted ? getFloatResultDtype(promoted) : Type();
  }
  case DtypeRule::DtypeOperand:
  case DtypeRule::DtypeOperandOrLong: {
    Value dtype = op->getOperand(rule.dtypeOperand);
    if (!isConstantNone(dtype) && !isa<Torch::NoneType>(dtype.getType()))
      return refiner.getDtypeOperand(dtype);
    if (rule.dtype == DtypeRule::DtypeOperandOrLong &&
        (isIntegralDtype(inputDtype) || isBoolDtype(inputDtype)))
      return getSi64Dtype(context);
    return inputDtype;
  }
  case DtypeRule::DtypeOfTensor:
    return refiner.getTensor(op->getOperand(rule.dtypeOperand)).dtype;
  }
  return Type();
}

/// `div.Tensor_mode` and `div.Scalar_mode`: float division unless a
/// rounding mode is given.
bool inferDivMode(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenDivTensorModeOp, AtenDivScalarModeOp>(op))
    return false;
  SmallVector<TensorInfo> tensors;
  for (Value operand : op->getOperands().take_front(2))
    if (isa<BaseTensorType>(operand.getType()))
      tensors.push_back(refiner.getTensor(operand));
  TensorInfo result;
  result.dims = broadcastTensorDims(tensors);
  result.dtype = promoteOperandDtypes(refiner, op->getOperands().take_front(2));
  if (isConstantNone(op->getOperand(2)) && result.dtype)
    result.dtype = getFloatResultDtype(result.dtype);
  refiner.setTensor(op->getResult(0), result);
  inferTensorIntArithmetic(op, refiner);
  return true;
}

/// `_softmax(self, dim, half_to_float)` and `_log_softmax`.
bool inferInternalSoftmax(Operation *op, ShapeRefiner &refiner) {
  if (!isa<Aten_SoftmaxOp, Aten_LogSoftmaxOp>(op))
    return false;
  TensorInfo result = refiner.getTensor(op->getOperand(0));
  if (matchConstantBool(op->getOperand(2)) == true && result.dtype &&
      result.dtype.isF16())
    result.dtype = getF32Dtype(op->getContext());
  refiner.setTensor(op->getResult(0), result);
  return true;
}

/// `native_dropout(input, p, train)`: the output and a bool mask.
bool inferNativeDropout(Operation *op, ShapeRefiner &refiner) {
  if (!isa<AtenNativeDropoutOp>(op))
    return false;
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  refiner.setTensor(op->getResult(0), input);
  input.dtype = getBoolDtype(op->getContext());
  refiner.setTensor(op->getResult(1), input);
  return true;
}
} // namespace

bool mlir::torch_onnx::Torch::isBroadcastingElementwiseOp(Operation *op) {
  if (isa<AtenDivTensorModeOp, AtenDivScalarModeOp>(op))
    return true;
  const llvm::StringMap<ElementwiseRule> &table = getRuleTable();
  auto it = table.find(op->getName().getStringRef());
  return it != table.end() && it->second.shape == ShapeRule::Broadcast;
}

bool mlir::torch_onnx::Torch::inferElementwiseOp(Operation *op,
                                                 ShapeRefiner &refiner) {
  if (inferDivMode(op, refiner) || inferInternalSoftmax(op, refiner) ||
      inferNativeDropout(op, refiner))
    return true;
  const llvm::StringMap<ElementwiseRule> &table = getRuleTable();
  auto it = table.find(op->getName().getStringRef());
  if (it == table.end() || op->getNumResults() != 1 ||
      op->getNumOperands() == 0)
    return false;
  const ElementwiseRule &rule = it->second;
  TensorInfo result;
  if (rule.shape == ShapeRule::SameAsInput) {
    result.dims = refiner.getTensor(op->getOperand(0)).dims;
  } else {
    SmallVector<TensorInfo> tensors;
    for (Value operand : op->getOperands())
      if (isa<BaseTensorType>(operand.getType()))
        tensors.push_back(refiner.getTensor(operand));
    result.dims = broadcastTensorDims(tensors);
  }
  result.dtype = inferDtype(op, rule, refiner);
  refiner.setTensor(op->getResult(0), std::move(result));
  inferTensorIntArithmetic(op, refiner);
  return true;
}
