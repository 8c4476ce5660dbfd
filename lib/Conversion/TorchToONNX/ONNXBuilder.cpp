//===- ONNXBuilder.cpp - Building ONNX ops with their types ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXSchema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

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

Value ONNXBuilder::intScalar(Type elementType, int64_t value) {
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType || intType.getWidth() == 1)
    return scalar(elementType, static_cast<double>(value));
  auto type = RankedTensorType::get({}, elementType);
  return constant(DenseElementsAttr::get(
      type, llvm::APInt(intType.getWidth(), static_cast<uint64_t>(value),
                        /*isSigned=*/!intType.isUnsigned(),
                        /*implicitTrunc=*/true)));
}

DenseElementsAttr ONNXBuilder::getSplatAttr(RankedTensorType type,
                                            double value) {
  return DenseElementsAttr::get(type,
                                getElementAttr(type.getElementType(), value));
}

Value ONNXBuilder::splat(RankedTensorType type, double value) {
  return constant(getSplatAttr(type, value));
}

Value ONNXBuilder::constantOfShape(Value shape, TensorType type,
                                   double value) {
  DenseElementsAttr fill =
      getSplatAttr(RankedTensorType::get({1}, type.getElementType()), value);
  return create<ONNX::ConstantOfShapeOp>(
      type, shape, {NamedAttribute(builder.getStringAttr("value"), fill)});
}

Value ONNXBuilder::none() { return ONNX::NoValueOp::create(builder, loc); }

int64_t ONNXBuilder::getTargetOpset() {
  return ONNX::getTargetOpset(builder.getInsertionBlock()->getParentOp());
}

bool ONNXBuilder::takesAxesInput(StringRef opName) {
  const ONNX::OpSchema *schema = ONNX::lookupSchema(
      opName.drop_front(strlen("onnx.")), getTargetOpset());
  return schema && schema->inputs.size() > 1;
}

SmallVector<Value> ONNXBuilder::withMissingInputs(StringRef opName,
                                                  ValueRange operands) {
  SmallVector<Value> all(operands);
  const ONNX::OpSchema *schema = ONNX::lookupSchema(
      opName.drop_front(strlen("onnx.")), ONNX::getMaxKnownOpset());
  if (!schema)
    return all;
  for (size_t i = all.size(); i < schema->inputs.size(); ++i) {
    if (schema->inputs[i].option != ONNX::ParameterOption::Optional)
      break;
    all.push_back(none());
  }
  return all;
}

Value ONNXBuilder::anyNaN(Value input, ArrayRef<int64_t> axes,
                          bool keepdims) {
  Value isNaN = cast(predicate<ONNX::IsNaNOp>(input), builder.getI32Type());
  return cast(reduce<ONNX::ReduceMaxOp>(isNaN, axes, keepdims),
              builder.getI1Type());
}

Value ONNXBuilder::propagateNaN(Value input, Value extreme,
                                ArrayRef<int64_t> axes, bool keepdims) {
  Type elementType = getElementType(extreme);
  if (!isFloatType(elementType))
    return extreme;
  Value nan = scalar(elementType, std::numeric_limits<double>::quiet_NaN());
  return create<ONNX::WhereOp>(extreme.getType(),
                               {anyNaN(input, axes, keepdims), nan, extreme});
}

Value ONNXBuilder::gelu(Value x, bool tanhApproximation) {
  Type type = x.getType();
  if (getTargetOpset() >= 20)
    return create<ONNX::GeluOp>(
        type, x,
        {stringAttr("approximate", tanhApproximation ? "tanh" : "none")});
  Type elementType = getElementType(x);
  auto constant = [&](double v) { return scalar(elementType, v); };
  Value inner;
  if (!tanhApproximation) {
    // erf(x / sqrt(2))
    inner = unary<ONNX::ErfOp>(
        create<ONNX::MulOp>(type, {x, constant(M_SQRT1_2)}));
  } else {
    // tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))
    Value cube = create<ONNX::MulOp>(type, {create<ONNX::MulOp>(type, {x, x}),
                                            x});
    Value sum = create<ONNX::AddOp>(
        type, {x, create<ONNX::MulOp>(type, {cube, constant(0.044715)})});
    inner = unary<ONNX::TanhOp>(
        create<ONNX::MulOp>(type, {sum, constant(std::sqrt(2.0 / M_PI))}));
  }
  // x * (1 + inner) / 2
  Value onePlus = create<ONNX::AddOp>(type, {inner, constant(1.0)});
  Value half = create<ONNX::MulOp>(type, {x, constant(0.5)});
  return create<ONNX::MulOp>(type, {half, onePlus});
}

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
  // A result without elements is a constant: in a Reshape, its 0 dims would
  // read as copies of the input's dims.
  auto staticType = dyn_cast<RankedTensorType>(resultType);
  if (staticType && staticType.hasStaticShape() &&
      staticType.getNumElements() == 0)
    return splat(staticType, 0.0);
  // A constant is reshaped right away, keeping its name.
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
