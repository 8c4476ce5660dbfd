//===- ShapeInferenceIndexing.cpp - Shape rules of indexing ---------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The indexing ops that PyTorch's registries cannot type: the results of
// nonzero and masked_select depend on the data; the traced index lists of
// index's hacked twin hold None, which its kernel does not take; narrow's
// length is known where its input's dim is not, and its kernel rejects the
// small stand-in sizes.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// `input` with dim `d` replaced by `dim`.
TensorInfo withDim(TensorInfo input, int64_t d, DimInfo dim) {
  (*input.dims)[d] = dim;
  return input;
}

/// The normalized dim operand of an op on `input`, when the rank and the
/// dim are known.
std::optional<int64_t> getDimOperand(const TensorInfo &input, Value dim) {
  std::optional<int64_t> value = matchConstantInt(dim);
  if (!input.hasRank() || !value)
    return std::nullopt;
  return normalizeDim(*value, input.getRank());
}

/// index.Tensor: advanced indexing with a list of optional index tensors.
TensorInfo indexTensor(const ShapeRefiner &refiner, const TensorInfo &input,
                       Value indexList) {
  TensorInfo unknown = TensorInfo::unranked(input.dtype);
  auto list = indexList.getDefiningOp<PrimListConstructOp>();
  if (!list || !input.hasRank() ||
      static_cast<int64_t>(list.getElements().size()) > input.getRank())
    return unknown;
  SmallVector<TensorInfo> indices;
  SmallVector<int64_t> indexed;
  for (auto [i, element] : llvm::enumerate(list.getElements())) {
    if (isConstantNone(element) || isa<Torch::NoneType>(element.getType()))
      continue;
    TensorInfo index = refiner.getTensor(element);
    // A bool mask selects a data-dependent number of elements.
    if (!index.dtype || isBoolDtype(index.dtype) ||
        index.dtype.isUnsignedInteger(8))
      return unknown;
    indices.push_back(index);
    indexed.push_back(i);
  }
  if (indices.empty())
    return input;
  std::optional<SmallVector<DimInfo>> broadcast = broadcastTensorDims(indices);
  if (!broadcast)
    return unknown;
  bool adjacent = indexed.back() - indexed.front() + 1 ==
                  static_cast<int64_t>(indexed.size());
  SmallVector<DimInfo> dims;
  if (!adjacent)
    llvm::append_range(dims, *broadcast);
  for (int64_t i = 0, rank = input.getRank(); i < rank; ++i) {
    if (!llvm::is_contained(indexed, i)) {
      dims.push_back((*input.dims)[i]);
      continue;
    }
    if (adjacent && i == indexed.front())
      llvm::append_range(dims, *broadcast);
  }
  return TensorInfo::ranked(dims, input.dtype);
}

std::optional<TensorInfo> inferIndexingResult(Operation *op,
                                              const ShapeRefiner &refiner) {
  auto input = [&](unsigned i = 0) {
    return refiner.getTensor(op->getOperand(i));
  };
  return llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
      .Case<AtenNarrowOp, AtenNarrowTensorOp>([&](Operation *) -> TensorInfo {
        TensorInfo in = input();
        std::optional<int64_t> dim = getDimOperand(in, op->getOperand(1));
        if (!dim)
          return in.hasRank() ? TensorInfo::withRank(in.getRank(), in.dtype)
                              : in;
        return withDim(in, *dim, refiner.getInt(op->getOperand(3)));
      })
      .Case<AtenIndexTensorOp, AtenIndexTensorHackedTwinOp>([&](Operation *) {
        return indexTensor(refiner, input(), op->getOperand(1));
      })
      .Case([&](AtenMaskedSelectOp) {
        return TensorInfo::withRank(1, input().dtype);
      })
      // The count of nonzero elements depends on the data, so no registry
      // knows it: [count, rank] indices.
      .Case([&](AtenNonzeroOp) {
        TensorInfo in = input();
        return TensorInfo::ranked(
            {DimInfo::unknown(), in.hasRank() ? DimInfo::known(in.getRank())
                                              : DimInfo::unknown()},
            getSi64Dtype(op->getContext()));
      })
      .Default([](Operation *) { return std::nullopt; });
}
} // namespace

bool mlir::torch_onnx::Torch::inferIndexingOp(Operation *op,
                                              ShapeRefiner &refiner) {
  std::optional<TensorInfo> result = inferIndexingResult(op, refiner);
  if (!result)
    return false;
  refiner.setTensor(op->getResult(0), std::move(*result));
  return true;
}
