//===- ConstantIndexing.h - Indexing for constant evaluation ---*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Shapes, strides and broadcasting for the evaluation of ONNX ops on
// constants, shared by ConstantEvaluation.cpp (data movement) and
// ConstantArithmetic.cpp (arithmetic).
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTINDEXING_H
#define TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTINDEXING_H

#include "ConstantEvaluation.h"

#include "mlir/Dialect/Traits.h"

#include <cstring>

namespace mlir::torch_onnx::ONNX {

/// The row-major strides of `shape`, in elements.
inline SmallVector<int64_t> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Calls `body(offsets)` for each element of a tensor of shape `shape` in
/// row-major order, where `offsets[k]` is the element's offset in operand
/// `k`, whose strides (0 along broadcast dims) are `strides[k]`.
template <typename Body>
void forEachElement(ArrayRef<int64_t> shape,
                    ArrayRef<SmallVector<int64_t>> strides, Body body) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  size_t rank = shape.size();
  SmallVector<int64_t> index(rank, 0);
  SmallVector<int64_t> offsets(strides.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    body(ArrayRef<int64_t>(offsets));
    for (int64_t d = static_cast<int64_t>(rank) - 1; d >= 0; --d) {
      for (size_t k = 0; k < strides.size(); ++k)
        offsets[k] += strides[k][d];
      if (++index[d] < shape[d])
        break;
      for (size_t k = 0; k < strides.size(); ++k)
        offsets[k] -= strides[k][d] * shape[d];
      index[d] = 0;
    }
  }
}

/// The strides with which an operand of shape `shape` is read when
/// broadcast to `resultShape` (0 along broadcast dims).
inline SmallVector<int64_t> getBroadcastStrides(ArrayRef<int64_t> shape,
                                                ArrayRef<int64_t> resultShape) {
  SmallVector<int64_t> own = getStrides(shape);
  SmallVector<int64_t> strides(resultShape.size(), 0);
  size_t offset = resultShape.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    strides[offset + i] = shape[i] == 1 ? 0 : own[i];
  return strides;
}

/// The numpy broadcast of `a` and `b`, or nullopt when they do not
/// broadcast.
inline std::optional<SmallVector<int64_t>> broadcast(ArrayRef<int64_t> a,
                                                     ArrayRef<int64_t> b) {
  SmallVector<int64_t> result;
  if (!OpTrait::util::getBroadcastedShape(a, b, result))
    return std::nullopt;
  return result;
}

/// The ints of a 1-D i64 or i32 constant.
inline std::optional<SmallVector<int64_t>>
readInts(const ConstantTensor &tensor) {
  Type type = tensor.type.getElementType();
  SmallVector<int64_t> values;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (type.isInteger(64)) {
      int64_t v;
      std::memcpy(&v, tensor.getData().data() + i * 8, 8);
      values.push_back(v);
    } else if (type.isInteger(32)) {
      int32_t v;
      std::memcpy(&v, tensor.getData().data() + i * 4, 4);
      values.push_back(v);
    } else {
      return std::nullopt;
    }
  }
  return values;
}

inline int64_t getIntAttr(Operation *op, StringRef name, int64_t defaultValue) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getValue().getSExtValue();
  return defaultValue;
}

inline double getFloatAttr(Operation *op, StringRef name, double defaultValue) {
  if (auto attr = op->getAttrOfType<FloatAttr>(name))
    return attr.getValueAsDouble();
  return defaultValue;
}

/// A tensor of type `type` with room for its elements, which the caller
/// must all write: they are not initialized.
inline ConstantTensor makeTensor(RankedTensorType type) {
  ConstantTensor result;
  result.type = type;
  result.bytes.resize(type.getNumElements() * result.getElementBytes());
  return result;
}

/// The result of arithmetic op `op` (of ONNX type `opType`: Cast,
/// comparisons, MatMul, Gemm, elementwise unary and binary math,
/// reductions) on constant `operands`, whose first operand is present;
/// nullopt when not supported.
std::optional<ConstantTensor>
evaluateArithmetic(Operation *op, StringRef opType,
                   ArrayRef<const ConstantTensor *> operands,
                   RankedTensorType resultType);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTINDEXING_H
