//===- TypeUtils.cpp - Types of the Torch to ONNX conversion --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TypeUtils.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

Type torch_to_onnx::convertDtype(Type dtype) {
  if (!dtype)
    return {};
  // ONNX has no float8 of the other kinds (E4M3B11FNUZ, E8M0FNU), and the
  // emitter does not pack float4.
  if (isa<Float8E4M3B11FNUZType, Float8E8M0FNUType, Float4E2M1FNType>(dtype))
    return {};
  if (isa<FloatType>(dtype))
    return dtype;
  if (auto intType = dyn_cast<IntegerType>(dtype)) {
    unsigned width = intType.getWidth();
    if (width == 1)
      return IntegerType::get(dtype.getContext(), 1);
    // ONNX's int4 and uint4 (opset 21) pack two to a byte, which the
    // emitter does not write.
    if (width < 8)
      return {};
    if (intType.isUnsigned())
      return dtype;
    return IntegerType::get(dtype.getContext(), width);
  }
  // Quantized dtypes hold their integer representation.
  MLIRContext *context = dtype.getContext();
  if (isa<Torch::QInt8Type>(dtype))
    return IntegerType::get(context, 8);
  if (isa<Torch::QUInt8Type>(dtype))
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  if (isa<Torch::QInt16Type>(dtype))
    return IntegerType::get(context, 16);
  if (isa<Torch::QInt32Type>(dtype))
    return IntegerType::get(context, 32);
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
  if (isa<Float8E4M3FNType>(type))
    return 17;
  if (isa<Float8E4M3FNUZType>(type))
    return 18;
  if (isa<Float8E5M2Type>(type))
    return 19;
  if (isa<Float8E5M2FNUZType>(type))
    return 20;
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
