//===- ConstantEvaluation.h - Evaluating ONNX ops on constants --*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Compile-time evaluation of the ONNX ops that graphs apply to weights: data
// movement (Transpose, Gather, Concat, Slice, Split, Trilu, Expand, Where)
// on bools and on any element type of whole bytes, logic on bools, and
// arithmetic and comparisons (Cast, elementwise math, MatMul, Gemm,
// reductions) on f32, f64, i32 and i64, with Cast and Equal also on bools.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTEVALUATION_H
#define TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTEVALUATION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace mlir::torch_onnx::ONNX {

/// An allocator that leaves elements uninitialized when a vector grows, so
/// that a buffer about to be overwritten is not zeroed first.
template <typename T> struct UninitializedAllocator : public std::allocator<T> {
  template <typename U> struct rebind {
    using other = UninitializedAllocator<U>;
  };
  template <typename U> void construct(U *p) noexcept {
    ::new (static_cast<void *>(p)) U;
  }
  template <typename U, typename... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
};

/// Bytes of tensor data; `resize` leaves new bytes uninitialized.
using ByteBuffer = std::vector<char, UninitializedAllocator<char>>;

/// The data of a constant tensor: its elements' bytes in row-major order,
/// either owned in `bytes` or borrowed from the attribute that stores them.
/// A copy owns its data.
struct ConstantTensor {
  RankedTensorType type;
  /// The owned data; empty while `borrowed` is set.
  ByteBuffer bytes;
  /// Data read in place from an attribute, which must outlive the tensor.
  std::optional<ArrayRef<char>> borrowed;

  ConstantTensor() = default;
  ConstantTensor(const ConstantTensor &other)
      : type(other.type),
        bytes(other.getData().begin(), other.getData().end()) {}
  ConstantTensor(ConstantTensor &&) = default;
  ConstantTensor &operator=(const ConstantTensor &other) {
    if (this != &other)
      *this = ConstantTensor(other);
    return *this;
  }
  ConstantTensor &operator=(ConstantTensor &&) = default;

  /// The elements' bytes, owned or borrowed.
  ArrayRef<char> getData() const {
    return borrowed ? *borrowed : ArrayRef<char>(bytes);
  }
  /// The owned bytes, copied first when borrowed.
  ByteBuffer takeBytes() && {
    if (borrowed)
      return ByteBuffer(borrowed->begin(), borrowed->end());
    return std::move(bytes);
  }

  /// The size of one element in bytes; a bool (i1) takes one byte, 0 or 1.
  int64_t getElementBytes() const {
    return std::max<int64_t>(type.getElementType().getIntOrFloatBitWidth() / 8,
                             1);
  }
  /// The number of elements.
  int64_t getNumElements() const { return type.getNumElements(); }
};

/// The bytes of `value` as it stores them, without a copy: the data of a
/// loaded resource blob, or the raw data of a dense literal that is neither
/// a splat nor of bools (which it packs as bits). Nothing otherwise.
std::optional<ArrayRef<char>> getStoredBytes(ElementsAttr value);

/// The data of `value` when it is a static tensor of bools or of an integer
/// or float type of whole bytes whose data is at hand (a dense literal or a
/// loaded resource blob) and that has at most `maxBytes` bytes. Stored
/// bytes are borrowed, not copied; splats and bools are expanded.
std::optional<ConstantTensor> readConstant(ElementsAttr value,
                                           int64_t maxBytes);

/// The constant attribute of `value` when an `onnx.Initializer` or an
/// `onnx.Constant` with a `value` attribute defines it, else null.
ElementsAttr getConstantAttr(Value value);

/// An attribute holding `bytes` as a tensor of type `type`: a dense literal
/// when small or of bools, else a resource blob named after `blobName`.
ElementsAttr makeElementsAttr(RankedTensorType type, ArrayRef<char> bytes,
                              StringRef blobName);
/// The same, taking `bytes` over: a resource blob keeps the buffer rather
/// than a copy of it.
ElementsAttr makeElementsAttr(RankedTensorType type, ByteBuffer &&bytes,
                              StringRef blobName);

/// Whether evaluateOp knows op `op`'s kind.
bool canEvaluate(Operation *op);

/// The result of single-result op `op`, whose operands are `operands` (null
/// for a missing optional input), evaluated at compile time. Nullopt when
/// the op, its types or attributes are not supported, or when the result
/// would exceed `maxResultBytes`.
std::optional<ConstantTensor>
evaluateOp(Operation *op, ArrayRef<const ConstantTensor *> operands,
           int64_t maxResultBytes);

/// The results of `onnx.Split` op `op` on constant operands `operands`, each
/// as large as its result type says.
std::optional<SmallVector<ConstantTensor>>
evaluateSplit(Operation *op, ArrayRef<const ConstantTensor *> operands);

} // namespace mlir::torch_onnx::ONNX

#endif // TORCH_ONNX_LIB_DIALECT_ONNX_TRANSFORMS_CONSTANTEVALUATION_H
