//===- ShapeInferenceViews.cpp - Shape rules of views and layouts ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
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

TensorInfo permuteDims(const TensorInfo &input,
                       std::optional<SmallVector<int64_t>> permutation) {
  TensorInfo result = TensorInfo::unranked(input.dtype);
  if (!permutation)
    return result;
  if (!input.hasRank())
    return TensorInfo::withRank(permutation->size(), input.dtype);
  if (static_cast<int64_t>(permutation->size()) != input.getRank())
    return result;
  result.dims.emplace();
  for (int64_t p : *permutation) {
    std::optional<int64_t> dim = normalizeDim(p, input.getRank());
    if (!dim)
      return TensorInfo::unranked(input.dtype);
    result.dims->push_back((*input.dims)[*dim]);
  }
  return result;
}

/// expand / broadcast_to: `sizes` may add leading dims; -1 keeps a dim.
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

/// repeat / tile: multiplies dims, after padding with leading ones.
TensorInfo repeatDims(const TensorInfo &input,
                      std::optional<SmallVector<DimInfo>> repeats,
                      bool isTile) {
  if (!repeats || !input.hasRank())
    return TensorInfo::unranked(input.dtype);
  SmallVector<DimInfo> reps = *repeats;
  SmallVector<DimInfo> in = *input.dims;
  if (isTile && reps.size() < in.size())
    reps.insert(reps.begin(), in.size() - reps.size(), DimInfo::known(1));
  if (reps.size() < in.size())
    return TensorInfo::unranked(input.dtype);
  in.insert(in.begin(), reps.size() - in.size(), DimInfo::known(1));
  SmallVector<DimInfo> dims;
  for (auto [dim, rep] : llvm::zip(in, reps))
    dims.push_back(multiplyDims(dim, rep));
  return TensorInfo::ranked(dims, input.dtype);
}

TensorInfo unflattenDims(const TensorInfo &input, std::optional<int64_t> dim,
                         std::optional<SmallVector<DimInfo>> sizes) {
  if (!input.hasRank() || !dim || !sizes)
    return TensorInfo::unranked(input.dtype);
  std::optional<int64_t> d = normalizeDim(*dim, input.getRank());
  if (!d)
    return TensorInfo::unranked(input.dtype);
  TensorInfo piece = TensorInfo::ranked({(*input.dims)[*d]}, input.dtype);
  std::optional<SmallVector<DimInfo>> split = reshapeDims(piece, sizes);
  if (!split)
    return TensorInfo::unranked(input.dtype);
  SmallVector<DimInfo> result(ArrayRef<DimInfo>(*input.dims).take_front(*d));
  llvm::append_range(result, *split);
  llvm::append_range(result, ArrayRef<DimInfo>(*input.dims).drop_front(*d + 1));
  return TensorInfo::ranked(result, input.dtype);
}

/// `input` with dims `a` and `b` swapped.
TensorInfo transposeDims(const TensorInfo &input, int64_t a, int64_t b) {
  if (!input.hasRank())
    return input;
  int64_t rank = input.getRank();
  std::optional<int64_t> da = normalizeDim(a, rank);
  std::optional<int64_t> db = normalizeDim(b, rank);
  if (!da || !db)
    return TensorInfo::withRank(rank, input.dtype);
  TensorInfo result = input;
  std::swap((*result.dims)[*da], (*result.dims)[*db]);
  return result;
}

std::optional<int64_t> getConstant(Value value) {
  return matchConstantInt(value);
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
                Aten_ReshapeAliasOp, AtenViewCopyOp>([&](Operation *) {
            TensorInfo in = input();
            std::optional<SmallVector<DimInfo>> dims =
                reshapeDims(in, refiner.getIntList(op->getOperand(1)));
            return dims ? TensorInfo::ranked(*dims, in.dtype)
                        : TensorInfo::unranked(in.dtype);
          })
          .Case<AtenViewAsOp, AtenReshapeAsOp, AtenExpandAsOp>(
              [&](Operation *) {
                TensorInfo result = input(1);
                result.dtype = input().dtype;
                return result;
              })
          .Case([&](AtenUnflattenIntOp unflatten) {
            return unflattenDims(input(), getConstant(unflatten.getDim()),
                                 refiner.getIntList(unflatten.getSizes()));
          })
          .Case<AtenMTOp, AtenMHOp, AtenAdjointOp>([&](Operation *) {
            TensorInfo in = input();
            if (in.hasRank() && in.getRank() >= 2)
              return transposeDims(in, -2, -1);
            return in;
          })
          .Case<AtenAtleast1dOp, AtenAtleast2dOp, AtenAtleast3dOp>(
              [&](Operation *) {
                TensorInfo in = input();
                if (!in.hasRank())
                  return in;
                int64_t wanted = isa<AtenAtleast1dOp>(op)   ? 1
                                 : isa<AtenAtleast2dOp>(op) ? 2
                                                            : 3;
                SmallVector<DimInfo> dims(*in.dims);
                for (int64_t axis : getAtLeastAxes(dims.size(), wanted))
                  dims.insert(dims.begin() + axis, DimInfo::known(1));
                return TensorInfo::ranked(dims, in.dtype);
              })
          .Case<AtenNumpyTOp, AtenNumpyTAOp>([&](Operation *) {
            TensorInfo in = input();
            if (in.hasRank())
              std::reverse(in.dims->begin(), in.dims->end());
            return in;
          })
          .Case([&](AtenMovedimIntOp movedim) {
            TensorInfo in = input();
            std::optional<int64_t> src = getConstant(movedim.getSource());
            std::optional<int64_t> dst = getConstant(movedim.getDestination());
            if (!in.hasRank() || !src || !dst)
              return TensorInfo::unranked(in.dtype);
            return permuteDims(
                in, getMovedimPermutation({*src}, {*dst}, in.getRank()));
          })
          .Case([&](AtenMovedimIntlistOp movedim) {
            TensorInfo in = input();
            auto src = getConstantInts(refiner, movedim.getSource());
            auto dst = getConstantInts(refiner, movedim.getDestination());
            if (!in.hasRank() || !src || !dst)
              return TensorInfo::unranked(in.dtype);
            return permuteDims(in,
                               getMovedimPermutation(*src, *dst, in.getRank()));
          })
          .Case<AtenExpandOp, AtenBroadcastToOp>([&](Operation *) {
            return expandDims(input(), refiner.getIntList(op->getOperand(1)));
          })
          .Case([&](AtenRepeatOp repeat) {
            return repeatDims(input(), refiner.getIntList(repeat.getRepeats()),
                              /*isTile=*/false);
          })
          .Case([&](AtenTileOp tile) {
            return repeatDims(input(), refiner.getIntList(tile.getDims()),
                              /*isTile=*/true);
          })
          .Case([&](Aten_ShapeAsTensorOp) {
            TensorInfo in = input();
            TensorInfo result =
                TensorInfo::withRank(1, getSi64Dtype(op->getContext()));
            if (in.hasRank())
              (*result.dims)[0] = DimInfo::known(in.getRank());
            return result;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return false;
  refiner.setTensor(op->getResult(0), std::move(*result));
  return true;
}
