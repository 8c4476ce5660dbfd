//===- ShapeInferenceViews.cpp - Shape rules of views ---------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// view, reshape and expand take their sizes from ints that are often known
// only as symbols (`x.size(0)`). LibTorch's shape functions fail on such
// sizes, and the meta kernels cannot tell a -1 over a product of symbols;
// these rules keep the symbols. The other views take their types from
// PyTorch's registries.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
/// The dims of a reshape of `input` to `sizes`, resolving one -1.
std::optional<SmallVector<DimInfo>>
reshapeDims(const TensorInfo &input,
            std::optional<SmallVector<DimInfo>> sizes) {
  if (!sizes)
    return std::nullopt;
  SmallVector<DimInfo> dims = *sizes;
  int64_t inferredIndex = -1;
  SymbolicProduct others;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim.size == -1) {
      if (inferredIndex >= 0)
        return std::nullopt;
      inferredIndex = i;
      continue;
    }
    if (dim.isKnown() && dim.size < 0)
      return std::nullopt;
    others.multiply(dim);
  }
  if (inferredIndex < 0)
    return dims;
  DimInfo inferred = DimInfo::unknown();
  if (input.hasRank()) {
    SymbolicProduct total;
    for (const DimInfo &dim : *input.dims)
      total.multiply(dim);
    if (std::optional<DimInfo> quotient = total.divideToDim(others))
      inferred = *quotient;
  }
  dims[inferredIndex] = inferred;
  return dims;
}

/// expand: `sizes` may add leading dims; -1 keeps a dim.
TensorInfo expandDims(const TensorInfo &input,
                      std::optional<SmallVector<DimInfo>> sizes) {
  if (!sizes)
    return TensorInfo::unranked(input.dtype);
  int64_t rank = sizes->size();
  if (!input.hasRank() || input.getRank() > rank) {
    SmallVector<DimInfo> dims;
    for (const DimInfo &size : *sizes)
      dims.push_back(size.size == -1 ? DimInfo::unknown() : size);
    return TensorInfo::ranked(dims, input.dtype);
  }
  int64_t offset = rank - input.getRank();
  SmallVector<DimInfo> dims;
  for (auto [i, size] : llvm::enumerate(*sizes)) {
    if (static_cast<int64_t>(i) < offset) {
      dims.push_back(size);
      continue;
    }
    DimInfo in = (*input.dims)[i - offset];
    if (size.size == -1)
      dims.push_back(in);
    else if (size.isKnown())
      dims.push_back(size);
    else
      dims.push_back(in.isKnown() && in.size != 1 ? in : size);
  }
  return TensorInfo::ranked(dims, input.dtype);
}
} // namespace

bool mlir::torch_onnx::Torch::inferViewOp(Operation *op,
                                          ShapeRefiner &refiner) {
  auto input = [&](unsigned i = 0) {
    return refiner.getTensor(op->getOperand(i));
  };
  std::optional<TensorInfo> result =
      llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
          .Case<AtenViewOp, AtenReshapeOp, Aten_UnsafeViewOp,
                Aten_ReshapeAliasOp>([&](Operation *) {
            TensorInfo in = input();
            std::optional<SmallVector<DimInfo>> dims =
                reshapeDims(in, refiner.getIntList(op->getOperand(1)));
            return dims ? TensorInfo::ranked(*dims, in.dtype)
                        : TensorInfo::unranked(in.dtype);
          })
          .Case([&](AtenExpandOp) {
            return expandDims(input(), refiner.getIntList(op->getOperand(1)));
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return false;
  refiner.setTensor(op->getResult(0), std::move(*result));
  return true;
}
