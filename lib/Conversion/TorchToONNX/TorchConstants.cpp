//===- TorchConstants.cpp - Torch values known at compile time ------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TorchConstants.h"

#include "TypeUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

#include <variant>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {
/// How deep getConstantInt follows int arithmetic.
constexpr unsigned kMaxEvaluationDepth = 16;

/// The static size of dim `dim` of Torch tensor `tensor`, if known.
std::optional<int64_t> getStaticDimSize(Value tensor, Value dimValue,
                                        unsigned depth);

std::optional<int64_t> evaluateInt(Value value, unsigned depth);

/// `a op b` on ints as PyTorch computes it: `op` is the base name of an
/// aten scalar op (`add`, `floordiv`, `remainder`, ...), or `truncdiv` for
/// the division with rounding mode "trunc", which rounds toward zero.
std::optional<int64_t> evaluateIntOp(StringRef op, int64_t a, int64_t b) {
  if (op == "truncdiv") {
    if (b == 0)
      return std::nullopt;
    return a / b;
  }
  std::optional<Torch::Scalar> result =
      Torch::evaluateScalarOp(op, {Torch::Scalar(a), Torch::Scalar(b)});
  if (!result || !std::holds_alternative<int64_t>(*result))
    return std::nullopt;
  return std::get<int64_t>(*result);
}

/// The value of a one-element integer tensor known at compile time: the
/// scalar arithmetic that tracing records on sizes (`prim.NumToTensor`,
/// 0-d literals, and `aten.mul.Tensor`, `aten.floor_divide`, ... on them).
std::optional<int64_t> evaluateIntTensor(Value tensor, unsigned depth) {
  if (!tensor || depth > kMaxEvaluationDepth)
    return std::nullopt;
  auto type = dyn_cast<Torch::BaseTensorType>(tensor.getType());
  if (!type || !isa_and_present<IntegerType>(type.getOptionalDtype()) ||
      type.getOptionalDtype().isInteger(1))
    return std::nullopt;
  Operation *def = tensor.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto toTensor = dyn_cast<Torch::PrimNumToTensorScalarOp>(def))
    return evaluateInt(toTensor.getA(), depth + 1);
  if (auto literal = dyn_cast<Torch::ValueTensorLiteralOp>(def)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(literal.getValue());
    if (!dense || dense.getNumElements() != 1)
      return std::nullopt;
    return (*dense.begin()).getSExtValue();
  }
  // Binary ops on two tensors or a tensor and a scalar; `alpha` scales the
  // second operand of add and sub.
  StringRef kind;
  Value lhs, rhs, alpha;
  bool rhsIsTensor = true, reversed = false;
  if (auto op = dyn_cast<Torch::AtenAddTensorOp>(def))
    kind = "add", lhs = op.getSelf(), rhs = op.getOther(),
    alpha = op.getAlpha();
  else if (auto op = dyn_cast<Torch::AtenSubTensorOp>(def))
    kind = "sub", lhs = op.getSelf(), rhs = op.getOther(),
    alpha = op.getAlpha();
  else if (auto op = dyn_cast<Torch::AtenMulTensorOp>(def))
    kind = "mul", lhs = op.getSelf(), rhs = op.getOther();
  else if (auto op = dyn_cast<Torch::AtenFloorDivideOp>(def))
    kind = "floordiv", lhs = op.getSelf(), rhs = op.getOther();
  else if (auto op = dyn_cast<Torch::AtenRemainderTensorOp>(def))
    kind = "remainder", lhs = op.getSelf(), rhs = op.getOther();
  else if (auto op = dyn_cast<Torch::AtenDivTensorModeOp>(def)) {
    auto mode = op.getRoundingMode().getDefiningOp<Torch::ConstantStrOp>();
    if (!mode || (mode.getValue() != "floor" && mode.getValue() != "trunc"))
      return std::nullopt;
    kind = mode.getValue() == "floor" ? "floordiv" : "truncdiv";
    lhs = op.getSelf(), rhs = op.getOther();
  } else if (auto op = dyn_cast<Torch::AtenAddScalarOp>(def))
    kind = "add", lhs = op.getSelf(), rhs = op.getOther(),
    alpha = op.getAlpha(), rhsIsTensor = false;
  else if (auto op = dyn_cast<Torch::AtenSubScalarOp>(def))
    kind = "sub", lhs = op.getSelf(), rhs = op.getOther(),
    alpha = op.getAlpha(), rhsIsTensor = false;
  else if (auto op = dyn_cast<Torch::AtenRsubScalarOp>(def))
    kind = "sub", lhs = op.getSelf(), rhs = op.getOther(),
    alpha = op.getAlpha(), rhsIsTensor = false, reversed = true;
  else if (auto op = dyn_cast<Torch::AtenMulScalarOp>(def))
    kind = "mul", lhs = op.getSelf(), rhs = op.getOther(), rhsIsTensor = false;
  else if (auto op = dyn_cast<Torch::AtenFloorDivideScalarOp>(def))
    kind = "floordiv", lhs = op.getSelf(), rhs = op.getOther(),
    rhsIsTensor = false;
  else if (auto op = dyn_cast<Torch::AtenRemainderScalarOp>(def))
    kind = "remainder", lhs = op.getSelf(), rhs = op.getOther(),
    rhsIsTensor = false;
  else
    return std::nullopt;
  std::optional<int64_t> a = evaluateIntTensor(lhs, depth + 1);
  std::optional<int64_t> b = rhsIsTensor ? evaluateIntTensor(rhs, depth + 1)
                                         : evaluateInt(rhs, depth + 1);
  std::optional<int64_t> scale =
      alpha ? evaluateInt(alpha, depth + 1) : std::optional<int64_t>(1);
  if (!a || !b || !scale)
    return std::nullopt;
  // rsub(self, other, alpha) is other - alpha * self.
  if (reversed)
    return evaluateIntOp(kind, *b, *a * *scale);
  return evaluateIntOp(kind, *a, *b * *scale);
}

std::optional<int64_t> evaluateInt(Value value, unsigned depth) {
  if (!value || depth > kMaxEvaluationDepth)
    return std::nullopt;
  if (std::optional<int64_t> v = Torch::matchConstantInt(value))
    return v;
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto number = dyn_cast<Torch::ConstantNumberOp>(def)) {
    if (auto intAttr = dyn_cast<IntegerAttr>(number.getValue()))
      return intAttr.getInt();
    return std::nullopt;
  }
  if (auto size = dyn_cast<Torch::AtenSizeIntOp>(def))
    return getStaticDimSize(size.getSelf(), size.getDim(), depth + 1);
  if (auto dim = dyn_cast<Torch::AtenDimOp>(def)) {
    auto type = dyn_cast<Torch::BaseTensorType>(dim.getSelf().getType());
    if (type && type.hasSizes())
      return type.getRank();
    return std::nullopt;
  }
  if (auto numel = dyn_cast<Torch::AtenNumelOp>(def)) {
    auto type = dyn_cast<Torch::BaseTensorType>(numel.getSelf().getType());
    if (!type || !type.hasSizes() || !type.areAllSizesKnown())
      return std::nullopt;
    int64_t count = 1;
    for (int64_t size : type.getSizes())
      count *= size;
    return count;
  }
  if (auto dtype = dyn_cast<Torch::PrimDtypeOp>(def)) {
    auto type = dyn_cast<Torch::BaseTensorType>(dtype.getA().getType());
    return type ? Torch::getScalarTypeForDtype(type.getOptionalDtype())
                : std::nullopt;
  }
  if (auto len = dyn_cast<Torch::AtenLenTOp>(def)) {
    if (std::optional<SmallVector<Value>> elements =
            getListElements(len.getA()))
      return static_cast<int64_t>(elements->size());
    return std::nullopt;
  }
  if (auto item = dyn_cast<Torch::Aten__Getitem__TOp>(def)) {
    std::optional<SmallVector<Value>> elements =
        getListElements(item.getList());
    std::optional<int64_t> index = evaluateInt(item.getIdx(), depth + 1);
    if (!elements || !index)
      return std::nullopt;
    int64_t n = elements->size();
    int64_t i = *index < 0 ? *index + n : *index;
    if (i < 0 || i >= n)
      return std::nullopt;
    return evaluateInt((*elements)[i], depth + 1);
  }
  if (auto toInt = dyn_cast<Torch::AtenIntTensorOp>(def))
    return evaluateIntTensor(toInt.getA(), depth + 1);
  if (auto item = dyn_cast<Torch::AtenItemOp>(def))
    return evaluateIntTensor(item.getSelf(), depth + 1);
  if (auto implicit = dyn_cast<Torch::AtenScalarImplicitOp>(def))
    return evaluateIntTensor(implicit.getA(), depth + 1);
  if (auto neg = dyn_cast<Torch::AtenNegIntOp>(def)) {
    if (std::optional<int64_t> a = evaluateInt(neg.getA(), depth + 1))
      return -*a;
    return std::nullopt;
  }
  // Binary int arithmetic, including `torch.operator "aten::floordiv.int"`.
  StringRef kind;
  Value lhs, rhs;
  if (auto add = dyn_cast<Torch::AtenAddIntOp>(def))
    kind = "add", lhs = add.getA(), rhs = add.getB();
  else if (auto sub = dyn_cast<Torch::AtenSubIntOp>(def))
    kind = "sub", lhs = sub.getA(), rhs = sub.getB();
  else if (auto mul = dyn_cast<Torch::AtenMulIntOp>(def))
    kind = "mul", lhs = mul.getA(), rhs = mul.getB();
  else if (auto rem = dyn_cast<Torch::AtenRemainderIntOp>(def))
    kind = "remainder", lhs = rem.getA(), rhs = rem.getB();
  else if (auto unknown = dyn_cast<Torch::OperatorOp>(def);
           unknown && unknown.getName() == "aten::floordiv.int" &&
           unknown->getNumOperands() == 2)
    kind = "floordiv", lhs = def->getOperand(0), rhs = def->getOperand(1);
  else
    return std::nullopt;
  std::optional<int64_t> a = evaluateInt(lhs, depth + 1);
  std::optional<int64_t> b = evaluateInt(rhs, depth + 1);
  if (!a || !b)
    return std::nullopt;
  return evaluateIntOp(kind, *a, *b);
}

std::optional<int64_t> getStaticDimSize(Value tensor, Value dimValue,
                                        unsigned depth) {
  auto type = dyn_cast<Torch::BaseTensorType>(tensor.getType());
  std::optional<int64_t> dim = evaluateInt(dimValue, depth);
  if (!type || !type.hasSizes() || !dim || !isValidDim(*dim, type.getRank()))
    return std::nullopt;
  int64_t size = type.getSizes()[normalizeDim(*dim, type.getRank())];
  if (size == Torch::kUnknownSize)
    return std::nullopt;
  return size;
}
} // namespace

std::optional<int64_t> torch_to_onnx::getConstantInt(Value value) {
  return evaluateInt(value, 0);
}

std::optional<double> torch_to_onnx::getConstantFloat(Value value) {
  if (std::optional<int64_t> v = getConstantInt(value))
    return static_cast<double>(*v);
  if (auto constant = value.getDefiningOp<Torch::ConstantFloatOp>())
    return constant.getValue().convertToDouble();
  if (auto number = value.getDefiningOp<Torch::ConstantNumberOp>())
    if (auto floatAttr = dyn_cast<FloatAttr>(number.getValue()))
      return floatAttr.getValueAsDouble();
  if (std::optional<bool> v = Torch::matchConstantBool(value))
    return *v ? 1.0 : 0.0;
  return std::nullopt;
}

std::optional<bool> torch_to_onnx::getConstantBool(Value value) {
  return Torch::matchConstantBool(value);
}

std::optional<SmallVector<Value>> torch_to_onnx::getListElements(Value list) {
  auto construct = list.getDefiningOp<Torch::PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  return SmallVector<Value>(construct.getElements());
}

std::optional<SmallVector<int64_t>>
torch_to_onnx::getConstantIntList(Value list) {
  if (auto size = list.getDefiningOp<Torch::AtenSizeOp>()) {
    auto type = dyn_cast<Torch::BaseTensorType>(size.getSelf().getType());
    if (!type || !type.hasSizes() || !type.areAllSizesKnown())
      return std::nullopt;
    return SmallVector<int64_t>(type.getSizes());
  }
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Value element : *elements) {
    std::optional<int64_t> v = getConstantInt(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

bool torch_to_onnx::isNone(Value value) {
  return value && isa<Torch::NoneType>(value.getType());
}
