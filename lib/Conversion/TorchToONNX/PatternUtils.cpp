//===- PatternUtils.cpp - Shared helpers of the Torch to ONNX patterns ----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Traits.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

//===----------------------------------------------------------------------===//
// Reading Torch values at compile time
//===----------------------------------------------------------------------===//

namespace {
/// How deep getConstantInt follows int arithmetic.
constexpr unsigned kMaxEvaluationDepth = 16;

/// The static size of dim `dim` of Torch tensor `tensor`, if known.
std::optional<int64_t> getStaticDimSize(Value tensor, Value dimValue,
                                        unsigned depth);

std::optional<int64_t> evaluateInt(Value value, unsigned depth);

/// Integer arithmetic as PyTorch does it: `kind` is add, sub, mul,
/// floordiv, truncdiv or remainder (which takes the divisor's sign).
std::optional<int64_t> applyIntArithmetic(StringRef kind, int64_t a,
                                          int64_t b) {
  if (kind == "add")
    return a + b;
  if (kind == "sub")
    return a - b;
  if (kind == "mul")
    return a * b;
  if (b == 0)
    return std::nullopt;
  if (kind == "floordiv")
    return Torch::floorDivide(a, b);
  if (kind == "truncdiv")
    return a / b;
  if (kind == "remainder")
    return Torch::floorRemainder(a, b);
  return std::nullopt;
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
    return applyIntArithmetic(kind, *b, *a * *scale);
  return applyIntArithmetic(kind, *a, *b * *scale);
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
    return type ? Torch::getScalarTypeForDtype(type.getOptionalDtype()) : std::nullopt;
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
  return applyIntArithmetic(kind, *a, *b);
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

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type torch_to_onnx::convertDtype(Type dtype) {
  if (!dtype)
    return {};
  if (isa<FloatType>(dtype))
    return dtype;
  if (auto intType = dyn_cast<IntegerType>(dtype)) {
    if (intType.getWidth() == 1)
      return IntegerType::get(dtype.getContext(), 1);
    if (intType.isUnsigned())
      return intType.getWidth() == 8 ? dtype : Type();
    return IntegerType::get(dtype.getContext(), intType.getWidth());
  }
  if (auto complex = dyn_cast<ComplexType>(dtype))
    return complex;
  return {};
}

ElementsAttr torch_to_onnx::convertElementsAttr(ElementsAttr value,
                                                RankedTensorType type) {
  if (!value || !type)
    return {};
  if (value.getType() == type)
    return value;
  auto valueType = cast<ShapedType>(value.getType());
  if (valueType.getShape() != type.getShape())
    return {};
  Type from = valueType.getElementType(), to = type.getElementType();
  if (!from.isIntOrFloat() || !to.isIntOrFloat() ||
      from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return {};
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.bitcast(to);
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    return DenseResourceElementsAttr::get(type, resource.getRawHandle());
  return {};
}

std::optional<int64_t> torch_to_onnx::getONNXDataType(Type type) {
  if (!type)
    return std::nullopt;
  if (type.isF32())
    return 1;
  if (type.isF64())
    return 11;
  if (type.isF16())
    return 10;
  if (type.isBF16())
    return 16;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return 9;
    case 8:
      return isUnsigned ? 2 : 3;
    case 16:
      return isUnsigned ? 4 : 5;
    case 32:
      return isUnsigned ? 12 : 6;
    case 64:
      return isUnsigned ? 13 : 7;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

TensorType
torch_to_onnx::getConvertedTensorType(const TypeConverter *typeConverter,
                                      Value torchValue) {
  if (!typeConverter || !torchValue)
    return {};
  return dyn_cast_if_present<TensorType>(
      typeConverter->convertType(torchValue.getType()));
}

RankedTensorType
torch_to_onnx::getConvertedRankedType(const TypeConverter *typeConverter,
                                      Value torchValue) {
  return dyn_cast_if_present<RankedTensorType>(
      getConvertedTensorType(typeConverter, torchValue));
}

Type torch_to_onnx::getElementType(Value value) {
  if (auto tensor = dyn_cast<TensorType>(value.getType()))
    return tensor.getElementType();
  return {};
}

std::optional<int64_t> torch_to_onnx::getRank(Value value) {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor.getRank();
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> torch_to_onnx::getShape(Value value) {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return SmallVector<int64_t>(tensor.getShape());
  return std::nullopt;
}

bool torch_to_onnx::isFloatType(Type elementType) {
  return isa_and_present<FloatType>(elementType);
}

bool torch_to_onnx::isBoolType(Type elementType) {
  return elementType && elementType.isInteger(1);
}

std::optional<SmallVector<int64_t>>
torch_to_onnx::broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  SmallVector<int64_t> result;
  if (!OpTrait::util::getBroadcastedShape(a, b, result))
    return std::nullopt;
  return result;
}

TensorType torch_to_onnx::getBroadcastType(Value a, Value b, Type elementType) {
  std::optional<SmallVector<int64_t>> shapeA = getShape(a);
  std::optional<SmallVector<int64_t>> shapeB = getShape(b);
  std::optional<SmallVector<int64_t>> shape =
      shapeA && shapeB ? broadcastShapes(*shapeA, *shapeB) : std::nullopt;
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

//===----------------------------------------------------------------------===//
// ONNXBuilder
//===----------------------------------------------------------------------===//

NamedAttribute ONNXBuilder::intAttr(StringRef name, int64_t value) {
  MLIRContext *context = getContext();
  return NamedAttribute(
      StringAttr::get(context, name),
      IntegerAttr::get(IntegerType::get(context, 64, IntegerType::Signed),
                       value));
}

NamedAttribute ONNXBuilder::intsAttr(StringRef name, ArrayRef<int64_t> values) {
  return NamedAttribute(StringAttr::get(getContext(), name),
                        builder.getI64ArrayAttr(values));
}

NamedAttribute ONNXBuilder::floatAttr(StringRef name, double value) {
  return NamedAttribute(StringAttr::get(getContext(), name),
                        builder.getF32FloatAttr(static_cast<float>(value)));
}

NamedAttribute ONNXBuilder::floatsAttr(StringRef name,
                                       ArrayRef<double> values) {
  SmallVector<float> floats(values.begin(), values.end());
  return NamedAttribute(StringAttr::get(getContext(), name),
                        builder.getF32ArrayAttr(floats));
}

NamedAttribute ONNXBuilder::stringAttr(StringRef name, StringRef value) {
  return NamedAttribute(StringAttr::get(getContext(), name),
                        builder.getStringAttr(value));
}

Value ONNXBuilder::constant(ElementsAttr value, StringRef name) {
  Block *block = builder.getInsertionBlock();
  Operation *parent = block ? block->getParentOp() : nullptr;
  if (parent && !isa<func::FuncOp>(parent))
    return create<ONNX::ConstantOp>(
        value.getType(), {},
        {NamedAttribute(builder.getStringAttr("value"), value)});
  return ONNX::InitializerOp::create(builder, loc, name, value);
}

Value ONNXBuilder::i64Tensor(ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    builder.getI64Type());
  return constant(DenseElementsAttr::get(type, values));
}

Value ONNXBuilder::i64Scalar(int64_t value) {
  auto type = RankedTensorType::get({}, builder.getI64Type());
  return constant(DenseElementsAttr::get(type, ArrayRef<int64_t>{value}));
}

namespace {
/// `value` as an attribute element of `elementType`.
Attribute getElementAttr(Type elementType, double value) {
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    llvm::APFloat apValue(value);
    bool losesInfo = false;
    apValue.convert(floatType.getFloatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return FloatAttr::get(elementType, apValue);
  }
  auto intType = cast<IntegerType>(elementType);
  if (intType.getWidth() == 1)
    return IntegerAttr::get(elementType, value != 0.0 ? 1 : 0);
  return IntegerAttr::get(
      elementType,
      llvm::APInt(intType.getWidth(),
                  static_cast<uint64_t>(static_cast<int64_t>(value)),
                  /*isSigned=*/!intType.isUnsigned(),
                  /*implicitTrunc=*/true));
}
} // namespace

Value ONNXBuilder::scalar(Type elementType, double value) {
  return splat(RankedTensorType::get({}, elementType), value);
}

DenseElementsAttr ONNXBuilder::getSplatAttr(RankedTensorType type,
                                            double value) {
  return DenseElementsAttr::get(type,
                                getElementAttr(type.getElementType(), value));
}

Value ONNXBuilder::splat(RankedTensorType type, double value) {
  return constant(getSplatAttr(type, value));
}

Value ONNXBuilder::none() { return ONNX::NoValueOp::create(builder, loc); }

namespace {
/// Constants up to this many elements are cast at compile time.
constexpr int64_t kMaxFoldedCastElements = 1024;

/// The elements of `value` converted to `elementType` as ONNX's Cast does,
/// or null when `value` is too large.
DenseElementsAttr castConstant(DenseElementsAttr value, Type elementType) {
  if (value.getNumElements() > kMaxFoldedCastElements)
    return {};
  Type from = value.getElementType();
  auto convert = [&](Attribute element) -> Attribute {
    if (auto floatAttr = dyn_cast<FloatAttr>(element)) {
      double v = floatAttr.getValueAsDouble();
      if (isBoolType(elementType))
        return IntegerAttr::get(elementType, v != 0.0);
      return getElementAttr(elementType,
                            isFloatType(elementType) ? v : std::trunc(v));
    }
    auto intAttr = cast<IntegerAttr>(element);
    llvm::APInt v = intAttr.getValue();
    bool isUnsigned = from.isUnsignedInteger() || isBoolType(from);
    if (isFloatType(elementType))
      return getElementAttr(elementType,
                            isUnsigned ? static_cast<double>(v.getZExtValue())
                                       : static_cast<double>(v.getSExtValue()));
    unsigned width = elementType.getIntOrFloatBitWidth();
    if (width == 1)
      return IntegerAttr::get(elementType, !v.isZero());
    return IntegerAttr::get(elementType, isUnsigned ? v.zextOrTrunc(width)
                                                    : v.sextOrTrunc(width));
  };
  auto type = cast<ShapedType>(value.getType()).clone(elementType);
  if (value.isSplat())
    return DenseElementsAttr::get(type,
                                  convert(value.getSplatValue<Attribute>()));
  SmallVector<Attribute> elements;
  for (Attribute element : value.getValues<Attribute>())
    elements.push_back(convert(element));
  return DenseElementsAttr::get(type, elements);
}
} // namespace

Value ONNXBuilder::cast(Value value, Type elementType) {
  Type current = getElementType(value);
  if (current == elementType)
    return value;
  std::optional<int64_t> to = getONNXDataType(elementType);
  if (!to)
    return {};
  // Unnamed constants are cast right away; weights keep their identity.
  DenseElementsAttr constantValue;
  if (auto init = value.getDefiningOp<ONNX::InitializerOp>();
      init && init.getName().empty())
    constantValue = dyn_cast<DenseElementsAttr>(init.getValue());
  else if (auto onnxConstant = value.getDefiningOp<ONNX::ConstantOp>())
    constantValue =
        dyn_cast_if_present<DenseElementsAttr>(onnxConstant.getValueAttr());
  if (constantValue)
    if (DenseElementsAttr folded = castConstant(constantValue, elementType))
      return constant(folded);
  auto tensorType = llvm::cast<TensorType>(value.getType());
  return create<ONNX::CastOp>(tensorType.clone(elementType), value,
                              {intAttr("to", *to)});
}

Value ONNXBuilder::unsqueeze(Value value, ArrayRef<int64_t> axes) {
  Type resultType;
  if (std::optional<SmallVector<int64_t>> shape = getShape(value)) {
    SmallVector<int64_t> newShape;
    int64_t rank = shape->size() + axes.size();
    auto it = shape->begin();
    for (int64_t i = 0; i < rank; ++i)
      newShape.push_back(llvm::is_contained(axes, i) ? 1 : *it++);
    resultType = RankedTensorType::get(newShape, getElementType(value));
  } else {
    resultType = value.getType();
  }
  return create<ONNX::UnsqueezeOp>(resultType, {value, i64Tensor(axes)});
}

Value ONNXBuilder::squeeze(Value value, ArrayRef<int64_t> axes) {
  Type resultType;
  if (std::optional<SmallVector<int64_t>> shape = getShape(value)) {
    SmallVector<int64_t> newShape;
    for (auto [i, size] : llvm::enumerate(*shape))
      if (!llvm::is_contained(axes, static_cast<int64_t>(i)))
        newShape.push_back(size);
    resultType = RankedTensorType::get(newShape, getElementType(value));
  } else {
    resultType = value.getType();
  }
  return create<ONNX::SqueezeOp>(resultType, {value, i64Tensor(axes)});
}

Value ONNXBuilder::reshape(Value value, ArrayRef<int64_t> shape,
                           TensorType resultType) {
  if (!resultType) {
    std::optional<SmallVector<int64_t>> inputShape = getShape(value);
    SmallVector<int64_t> newShape;
    for (auto [i, size] : llvm::enumerate(shape)) {
      if (size == 0 && inputShape && i < inputShape->size())
        newShape.push_back((*inputShape)[i]);
      else if (size < 0)
        newShape.push_back(ShapedType::kDynamic);
      else
        newShape.push_back(size);
    }
    // Infer a single -1 from a static input.
    if (inputShape && llvm::count(shape, -1) == 1 &&
        llvm::none_of(*inputShape,
                      [](int64_t s) { return s == ShapedType::kDynamic; })) {
      int64_t total = 1, known = 1;
      for (int64_t s : *inputShape)
        total *= s;
      bool allKnown = true;
      for (int64_t s : newShape) {
        if (s == ShapedType::kDynamic)
          continue;
        known *= s;
      }
      for (auto [i, s] : llvm::enumerate(shape))
        if (s == 0 && i >= inputShape->size())
          allKnown = false;
      if (allKnown && known != 0)
        for (int64_t &s : newShape)
          if (s == ShapedType::kDynamic)
            s = total / known;
    }
    resultType = RankedTensorType::get(newShape, getElementType(value));
  }
  if (value.getType() == resultType && resultType.hasStaticShape() &&
      llvm::none_of(shape, [](int64_t s) { return s <= 0; }))
    return value;
  // A constant is reshaped right away, keeping its name.
  auto staticType = dyn_cast<RankedTensorType>(resultType);
  if (auto init = value.getDefiningOp<ONNX::InitializerOp>();
      init && staticType && staticType.hasStaticShape()) {
    ElementsAttr data = init.getValue();
    ElementsAttr reshaped;
    if (auto dense = dyn_cast<DenseElementsAttr>(data))
      reshaped = dense.reshape(staticType);
    else if (auto resource = dyn_cast<DenseResourceElementsAttr>(data))
      reshaped =
          DenseResourceElementsAttr::get(staticType, resource.getRawHandle());
    if (reshaped)
      return constant(reshaped, init.getName());
  }
  return create<ONNX::ReshapeOp>(resultType, {value, i64Tensor(shape)});
}

Value ONNXBuilder::transpose(Value value, ArrayRef<int64_t> perm) {
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity)
    return value;
  Type resultType = value.getType();
  if (std::optional<SmallVector<int64_t>> shape = getShape(value)) {
    SmallVector<int64_t> newShape;
    for (int64_t p : perm)
      newShape.push_back((*shape)[p]);
    resultType = RankedTensorType::get(newShape, getElementType(value));
  }
  return create<ONNX::TransposeOp>(resultType, value, {intsAttr("perm", perm)});
}

Value ONNXBuilder::concat(ValueRange values, int64_t axis) {
  if (values.size() == 1)
    return values.front();
  Type elementType = getElementType(values.front());
  SmallVector<int64_t> shape;
  bool ranked = true;
  for (auto [i, value] : llvm::enumerate(values)) {
    std::optional<SmallVector<int64_t>> s = getShape(value);
    if (!s) {
      ranked = false;
      break;
    }
    if (i == 0) {
      shape = *s;
      continue;
    }
    int64_t &size = shape[axis];
    if (size == ShapedType::kDynamic || (*s)[axis] == ShapedType::kDynamic)
      size = ShapedType::kDynamic;
    else
      size += (*s)[axis];
    for (auto [d, dimSize] : llvm::enumerate(*s))
      if (static_cast<int64_t>(d) != axis && shape[d] == ShapedType::kDynamic)
        shape[d] = dimSize;
  }
  Type resultType = ranked ? Type(RankedTensorType::get(shape, elementType))
                           : Type(UnrankedTensorType::get(elementType));
  return create<ONNX::ConcatOp>(resultType, values, {intAttr("axis", axis)});
}

Value ONNXBuilder::shapeOf(Value value) {
  std::optional<SmallVector<int64_t>> shape = getShape(value);
  if (shape && llvm::none_of(
                   *shape, [](int64_t s) { return s == ShapedType::kDynamic; }))
    return i64Tensor(*shape);
  int64_t rank =
      shape ? static_cast<int64_t>(shape->size()) : ShapedType::kDynamic;
  return create<ONNX::ShapeOp>(
      RankedTensorType::get({rank}, builder.getI64Type()), value);
}

Value ONNXBuilder::dimSize(Value value, int64_t dim) {
  std::optional<SmallVector<int64_t>> shape = getShape(value);
  if (shape && dim < static_cast<int64_t>(shape->size()) &&
      (*shape)[dim] != ShapedType::kDynamic)
    return i64Scalar((*shape)[dim]);
  Value fullShape = shapeOf(value);
  return create<ONNX::GatherOp>(RankedTensorType::get({}, builder.getI64Type()),
                                {fullShape, i64Scalar(dim)},
                                {intAttr("axis", 0)});
}

Value ONNXBuilder::concatSizes(ValueRange parts) {
  SmallVector<Value> vectors;
  for (Value part : parts) {
    if (getRank(part) == 0)
      vectors.push_back(unsqueeze(part, {0}));
    else
      vectors.push_back(part);
  }
  return concat(vectors, 0);
}

TensorType ONNXBuilder::getReducedType(Value value, ArrayRef<int64_t> axes,
                                       bool keepdims) {
  Type elementType = getElementType(value);
  std::optional<SmallVector<int64_t>> shape = getShape(value);
  if (!shape)
    return UnrankedTensorType::get(elementType);
  SmallVector<int64_t> newShape;
  for (auto [i, size] : llvm::enumerate(*shape)) {
    if (!llvm::is_contained(axes, static_cast<int64_t>(i)))
      newShape.push_back(size);
    else if (keepdims)
      newShape.push_back(1);
  }
  return RankedTensorType::get(newShape, elementType);
}

//===----------------------------------------------------------------------===//
// Converting Torch operands during a conversion
//===----------------------------------------------------------------------===//

FailureOr<Value>
torch_to_onnx::getIntListAsTensor(ConversionPatternRewriter &rewriter,
                                  Location loc, Value list) {
  ONNXBuilder b(rewriter, loc);
  if (std::optional<SmallVector<int64_t>> values = getConstantIntList(list))
    return b.i64Tensor(*values);
  if (auto size = list.getDefiningOp<Torch::AtenSizeOp>()) {
    Value self = rewriter.getRemappedValue(size.getSelf());
    if (!self || !isa<TensorType>(self.getType()))
      return failure();
    return b.shapeOf(self);
  }
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return failure();
  // Runs of constants become one constant each.
  SmallVector<Value> parts;
  SmallVector<int64_t> pending;
  auto flush = [&] {
    if (!pending.empty())
      parts.push_back(b.i64Tensor(pending));
    pending.clear();
  };
  for (Value element : *elements) {
    if (std::optional<int64_t> v = getConstantInt(element)) {
      pending.push_back(*v);
      continue;
    }
    flush();
    FailureOr<Value> scalar =
        getScalarAsTensor(rewriter, loc, element, rewriter.getI64Type());
    if (failed(scalar))
      return failure();
    parts.push_back(b.unsqueeze(*scalar, {0}));
  }
  flush();
  if (parts.empty())
    return b.i64Tensor({});
  return b.concat(parts, 0);
}

FailureOr<Value>
torch_to_onnx::getScalarAsTensor(ConversionPatternRewriter &rewriter,
                                 Location loc, Value scalar, Type elementType) {
  ONNXBuilder b(rewriter, loc);
  if (std::optional<int64_t> v = getConstantInt(scalar))
    return b.scalar(elementType, static_cast<double>(*v));
  if (std::optional<double> v = getConstantFloat(scalar))
    return b.scalar(elementType, *v);
  Value converted = rewriter.getRemappedValue(scalar);
  if (!converted || !isa<TensorType>(converted.getType()))
    return failure();
  // A 1-element tensor used as a scalar.
  if (std::optional<int64_t> rank = getRank(converted); rank && *rank != 0) {
    converted = b.reshape(converted, {},
                          RankedTensorType::get({}, getElementType(converted)));
  }
  Value cast = b.cast(converted, elementType);
  if (!cast)
    return failure();
  return cast;
}

FailureOr<SmallVector<Value>>
torch_to_onnx::getTensorListElements(ConversionPatternRewriter &rewriter,
                                     Value list) {
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return failure();
  SmallVector<Value> converted;
  for (Value element : *elements) {
    Value value = rewriter.getRemappedValue(element);
    if (!value || !isa<TensorType>(value.getType()))
      return failure();
    converted.push_back(value);
  }
  return converted;
}
