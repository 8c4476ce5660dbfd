//===- TypeUtils.h - Types of the Torch to ONNX conversion ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Types in the Torch to ONNX conversion: Torch dtypes as ONNX element types
// and `TensorProto.DataType` codes, the converted types of Torch values,
// shapes and dims of tensor values, and broadcasting.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TYPEUTILS_H
#define TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TYPEUTILS_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir {
class TypeConverter;
} // namespace mlir

namespace mlir::torch_onnx::torch_to_onnx {

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// The ONNX element type of Torch dtype `dtype`: signless integers except
/// `ui8`; null for dtypes ONNX does not have.
Type convertDtype(Type dtype);
/// `value` with the type `type` of the same shape, whose element type has
/// the same width (`si64` data as `i64`); null when it cannot be retyped.
ElementsAttr convertElementsAttr(ElementsAttr value, RankedTensorType type);
/// The `TensorProto.DataType` code of ONNX element type `type` (1 is FLOAT,
/// 7 is INT64, ...), or nullopt.
std::optional<int64_t> getONNXDataType(Type type);
/// True for a float element type.
bool isFloatType(Type elementType);
/// True for a bool (i1) element type.
bool isBoolType(Type elementType);

//===----------------------------------------------------------------------===//
// Converted types
//===----------------------------------------------------------------------===//

/// The converted type of a Torch value, as a tensor type; null when it does
/// not convert to one.
TensorType getConvertedTensorType(const TypeConverter *typeConverter,
                                  Value torchValue);
/// Like getConvertedTensorType, but only for ranked tensors.
RankedTensorType getConvertedRankedType(const TypeConverter *typeConverter,
                                        Value torchValue);

//===----------------------------------------------------------------------===//
// Shapes and dims
//===----------------------------------------------------------------------===//

/// The element type of a tensor value.
Type getElementType(Value value);
/// The rank of a tensor value, or nullopt when unranked.
std::optional<int64_t> getRank(Value value);
/// The shape of a ranked tensor value (with ShapedType::kDynamic for
/// unknown dims), or nullopt when unranked.
std::optional<SmallVector<int64_t>> getShape(Value value);

/// `dim` as a non-negative dim of a tensor of rank `rank`.
inline int64_t normalizeDim(int64_t dim, int64_t rank) {
  return dim < 0 ? dim + rank : dim;
}
/// True when `dim` is a dim of a tensor of rank `rank` (negative counts from
/// the end).
inline bool isValidDim(int64_t dim, int64_t rank) {
  return dim >= -rank && dim < rank;
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

/// The shape numpy broadcasting gives for `a` and `b`, or nothing when two
/// static dims differ and neither is 1.
std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> a,
                                                    ArrayRef<int64_t> b);
/// The type of the broadcast of tensor values `a` and `b`, with element type
/// `elementType`; unranked when either is, or when they do not broadcast.
TensorType getBroadcastType(Value a, Value b, Type elementType);

} // namespace mlir::torch_onnx::torch_to_onnx

#endif // TORCH_ONNX_LIB_CONVERSION_TORCHTOONNX_TYPEUTILS_H
