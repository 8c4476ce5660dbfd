//===- ShapeInference.h - Shape and dtype inference for Torch ---*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Computes the sizes and dtype of the tensors of a Torch-dialect function
// from its argument types, in program order, and writes them into the IR.
// Besides the types, the inference tracks symbolic dims: a dim whose size is
// unknown may carry a symbol (such as "batch"), and two dims with the same
// symbol have the same size at run time. Int values that hold a size (from
// `aten.size.int`, or constants) are tracked the same way, so that
// `x.view(x.size(0), -1)` keeps the symbol of `x`'s first dim.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCE_H
#define TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCE_H

#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cassert>
#include <functional>
#include <optional>
#include <utility>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace torch_onnx::Torch {

/// What is known about one dim of a tensor, or about an int that holds a
/// size.
struct DimInfo {
  /// The size, or kUnknownSize.
  int64_t size = kUnknownSize;
  /// Names an unknown size: dims with the same symbol are equal. Null when
  /// the size is known or nothing relates it to other dims.
  StringAttr symbol;

  static DimInfo known(int64_t size) { return {size, {}}; }
  static DimInfo unknown(StringAttr symbol = {}) {
    return {kUnknownSize, symbol};
  }
  bool isKnown() const { return size != kUnknownSize; }
  bool operator==(const DimInfo &other) const {
    return size == other.size && symbol == other.symbol;
  }
  bool operator!=(const DimInfo &other) const { return !(*this == other); }
};

/// The dims of a tensor of known rank, or none when the rank is unknown: the
/// interface of std::optional<SmallVector<DimInfo>>, over a vector that
/// always exists. GCC's flow analysis takes the storage of an optional
/// vector for uninitialized where it is not.
class OptionalDims {
public:
  OptionalDims() = default;
  OptionalDims(std::nullopt_t) {}
  OptionalDims(SmallVector<DimInfo> dims)
      : ranked(true), dims(std::move(dims)) {}
  OptionalDims(std::optional<SmallVector<DimInfo>> maybeDims)
      : ranked(maybeDims.has_value()) {
    if (maybeDims)
      dims = std::move(*maybeDims);
  }

  OptionalDims &operator=(std::nullopt_t) {
    reset();
    return *this;
  }
  OptionalDims &operator=(SmallVector<DimInfo> newDims) {
    ranked = true;
    dims = std::move(newDims);
    return *this;
  }
  template <typename... Args> SmallVector<DimInfo> &emplace(Args &&...args) {
    ranked = true;
    dims = SmallVector<DimInfo>(std::forward<Args>(args)...);
    return dims;
  }
  void reset() {
    ranked = false;
    dims.clear();
  }

  bool has_value() const { return ranked; }
  explicit operator bool() const { return ranked; }
  SmallVector<DimInfo> &operator*() {
    assert(ranked && "the rank is unknown");
    return dims;
  }
  const SmallVector<DimInfo> &operator*() const {
    assert(ranked && "the rank is unknown");
    return dims;
  }
  SmallVector<DimInfo> *operator->() { return &**this; }
  const SmallVector<DimInfo> *operator->() const { return &**this; }

  bool operator==(const OptionalDims &other) const {
    return ranked == other.ranked && dims == other.dims;
  }
  bool operator!=(const OptionalDims &other) const {
    return !(*this == other);
  }

private:
  bool ranked = false;
  SmallVector<DimInfo> dims;
};

/// What is known about a tensor: its dims (none when the rank is unknown)
/// and its dtype (null when unknown).
struct TensorInfo {
  OptionalDims dims;
  Type dtype;

  /// The knowledge a tensor type carries, without symbols.
  static TensorInfo fromType(Type type);
  static TensorInfo ranked(ArrayRef<DimInfo> dims, Type dtype) {
    return {SmallVector<DimInfo>(dims), dtype};
  }
  static TensorInfo unranked(Type dtype = {}) { return {std::nullopt, dtype}; }
  /// A tensor of this rank whose every dim is unknown.
  static TensorInfo withRank(int64_t rank, Type dtype) {
    return {SmallVector<DimInfo>(rank, DimInfo::unknown()), dtype};
  }

  bool hasRank() const { return dims.has_value(); }
  int64_t getRank() const { return dims->size(); }
  /// The sizes, with kUnknownSize for unknown dims.
  SmallVector<int64_t> getSizes() const;
  /// A tensor type of the same kind as `like` (value or not) with this
  /// knowledge.
  BaseTensorType toType(BaseTensorType like) const;
  bool operator==(const TensorInfo &other) const {
    return dims == other.dims && dtype == other.dtype;
  }
  bool operator!=(const TensorInfo &other) const { return !(*this == other); }
};

/// The most specific knowledge that holds for both `a` and `b`, as for the
/// results of the two branches of an if.
TensorInfo joinTensorInfo(const TensorInfo &a, const TensorInfo &b);

/// Refines the types of the values of one function in program order.
///
/// Each op's results are computed from what is known about its operands.
/// Where an op's operands do not depend on a value marked with
/// `markDependent`, its current result types remain valid, so the refiner
/// keeps whatever they know beyond the inferred types. For the results of an
/// op that depends on a marked value, only inferred knowledge is kept: an op
/// without an inference rule keeps its rank and dtype and gets unknown dims.
class ShapeRefiner {
public:
  /// Refines every op of `func`, then its result types.
  void run(func::FuncOp func);

  /// Refines `op`'s results (and the ops in its regions) from its operands.
  void refineOp(Operation *op);

  /// Called on each op before it is refined; it may rewrite the op's
  /// operands and create ops before it (which it must refine itself).
  void setBeforeOpHook(std::function<void(Operation *)> hook) {
    beforeOpHook = std::move(hook);
  }

  /// Declares that the current types of `value` and of everything computed
  /// from it may be stale.
  void markDependent(Value value) { dependent.insert(value); }
  bool isDependent(Value value) const { return dependent.contains(value); }

  //===--------------------------------------------------------------------===//
  // Knowledge about values, for the inference rules
  //===--------------------------------------------------------------------===//

  /// What is known about a tensor value (or an optional tensor); from its
  /// type when nothing more was recorded.
  TensorInfo getTensor(Value value) const;
  /// What is known about an int value: a constant, or a size.
  DimInfo getInt(Value value) const;
  /// The elements of an int list, or none when its length is unknown.
  std::optional<SmallVector<DimInfo>> getIntList(Value value) const;
  /// The elements of a tensor list, or none when its length is unknown.
  std::optional<SmallVector<TensorInfo>> getTensorList(Value value) const;
  /// The dtype a ScalarType operand denotes; null when it is None or not
  /// known.
  Type getDtypeOperand(Value value) const;

  /// The knowledge recorded for a tensor value, if any.
  const TensorInfo *lookupTensor(Value value) const {
    auto it = tensors.find(value);
    return it == tensors.end() ? nullptr : &it->second;
  }

  void setTensor(Value value, TensorInfo info) {
    tensors[value] = std::move(info);
  }
  void setInt(Value value, DimInfo info) { ints[value] = info; }
  void setIntList(Value value, SmallVector<DimInfo> elements) {
    intLists[value] = std::move(elements);
  }
  void setTensorList(Value value, SmallVector<TensorInfo> elements) {
    tensorLists[value] = std::move(elements);
  }
  void setDtypeValue(Value value, Type dtype) { dtypeValues[value] = dtype; }

  /// Drops everything known about `value`, before its op is erased.
  void forget(Value value);

private:
  /// Combines the inferred knowledge of a tensor result with its current
  /// type, and writes the result into the IR.
  void commitTensorResult(Value result, std::optional<TensorInfo> inferred,
                          bool isDependent);
  void refineIf(Operation *op);
  void refineLoop(Operation *op);
  void refineBlock(Block &block);
  /// Refines the list and tuple constructions, whose result types follow
  /// their operands' types.
  bool refineContainerOp(Operation *op);
  /// True when `op` or an op in its regions reads a dependent value.
  bool readsDependentValue(Operation *op) const;

  std::function<void(Operation *)> beforeOpHook;
  DenseSet<Value> dependent;
  DenseMap<Value, TensorInfo> tensors;
  DenseMap<Value, DimInfo> ints;
  DenseMap<Value, SmallVector<DimInfo>> intLists;
  DenseMap<Value, SmallVector<TensorInfo>> tensorLists;
  DenseMap<Value, Type> dtypeValues;
};

/// Refines the types of every value of `func` from its argument types, and
/// updates its result types.
LogicalResult refineTypes(func::FuncOp func);

/// The type of result `resultIndex` of `op` inferred from its operands'
/// types, or null when no rule knows the op.
Type inferResultType(Operation *op, unsigned resultIndex);

} // namespace torch_onnx::Torch
} // namespace mlir

#endif // TORCH_ONNX_DIALECT_TORCH_TRANSFORMS_SHAPEINFERENCE_H
