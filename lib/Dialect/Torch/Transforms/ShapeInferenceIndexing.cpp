//===- ShapeInferenceIndexing.cpp - Shape rules of joins, splits, indexing ===//
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
int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

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

/// cat of `tensors` (for concat and the stack forms, which LibTorch's
/// shape functions lack): their dims unified, with `dim` summed.
TensorInfo joinTensors(const std::optional<SmallVector<TensorInfo>> &tensors,
                       std::optional<int64_t> dimConstant) {
  if (!tensors || tensors->empty())
    return TensorInfo::unranked();
  Type dtype = tensors->front().dtype;
  for (const TensorInfo &tensor : *tensors)
    dtype = promoteDtypes(dtype, tensor.dtype);
  // Legacy cat skips 1-d empty tensors.
  SmallVector<TensorInfo> parts;
  for (const TensorInfo &tensor : *tensors)
    if (!tensor.hasRank() || tensor.getRank() != 1 ||
        (*tensor.dims)[0].size != 0)
      parts.push_back(tensor);
  if (parts.empty())
    return TensorInfo::ranked({DimInfo::known(0)}, dtype);
  std::optional<int64_t> rank;
  for (const TensorInfo &part : parts)
    if (part.hasRank())
      rank = part.getRank();
  if (!rank || !dimConstant)
    return TensorInfo::unranked(dtype);
  std::optional<int64_t> dim =
      normalizeDim(*dimConstant, *rank);
  if (!dim)
    return TensorInfo::unranked(dtype);
  SmallVector<DimInfo> dims(*rank, DimInfo::unknown());
  bool firstDim = true;
  DimInfo sum = DimInfo::known(0);
  for (const TensorInfo &part : parts) {
    if (!part.hasRank() || part.getRank() != *rank) {
      sum = DimInfo::unknown();
      continue;
    }
    for (auto [i, d] : llvm::enumerate(*part.dims)) {
      if (static_cast<int64_t>(i) == *dim)
        continue;
      dims[i] = firstDim ? d : unifyDims(dims[i], d);
    }
    firstDim = false;
    DimInfo d = (*part.dims)[*dim];
    if (parts.size() == 1)
      sum = d;
    else
      sum = sum.isKnown() && d.isKnown() ? DimInfo::known(sum.size + d.size)
                                         : DimInfo::unknown();
  }
  dims[*dim] = sum;
  return TensorInfo::ranked(dims, dtype);
}

/// The pieces of a split of `input` along `dim` into `sizes`.
SmallVector<TensorInfo> splitTensor(const TensorInfo &input, int64_t dim,
                                    ArrayRef<int64_t> sizes) {
  SmallVector<TensorInfo> pieces;
  for (int64_t size : sizes)
    pieces.push_back(withDim(input, dim, DimInfo::known(size)));
  return pieces;
}

/// chunk, split and unbind: a list of pieces.
std::optional<SmallVector<TensorInfo>> inferSplit(Operation *op,
                                                  const ShapeRefiner &refiner) {
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  return llvm::TypeSwitch<Operation *, std::optional<SmallVector<TensorInfo>>>(
             op)
      .Case<AtenChunkOp, AtenSplitTensorOp, AtenUnsafeSplitTensorOp>(
          [&](Operation *) -> std::optional<SmallVector<TensorInfo>> {
            std::optional<int64_t> dim =
                getDimOperand(input, op->getOperand(2));
            std::optional<int64_t> count = matchConstantInt(op->getOperand(1));
            if (!dim || !count || *count <= 0)
              return std::nullopt;
            DimInfo total = (*input.dims)[*dim];
            bool isChunk = isa<AtenChunkOp>(op);
            if (!total.isKnown()) {
              // The number of pieces depends on the size; chunk gives at
              // most `count` pieces.
              if (!isChunk)
                return std::nullopt;
              return SmallVector<TensorInfo>(
                  *count, withDim(input, *dim, DimInfo::unknown()));
            }
            int64_t pieceSize = isChunk ? ceilDiv(total.size, *count) : *count;
            SmallVector<int64_t> sizes;
            for (int64_t start = 0; start < total.size; start += pieceSize)
              sizes.push_back(std::min(pieceSize, total.size - start));
            if (sizes.empty())
              sizes.push_back(0);
            return splitTensor(input, *dim, sizes);
          })
      .Case<AtenSplitOp, AtenSplitSizesOp, AtenSplitWithSizesOp>(
          [&](Operation *) -> std::optional<SmallVector<TensorInfo>> {
            std::optional<int64_t> dim =
                getDimOperand(input, op->getOperand(2));
            std::optional<SmallVector<int64_t>> sizes =
                getConstantInts(refiner, op->getOperand(1));
            if (!dim || !sizes)
              return std::nullopt;
            return splitTensor(input, *dim, *sizes);
          })
      .Case([&](AtenUnbindIntOp unbind)
                -> std::optional<SmallVector<TensorInfo>> {
        std::optional<int64_t> dim = getDimOperand(input, unbind.getDim());
        if (!dim || !(*input.dims)[*dim].isKnown())
          return std::nullopt;
        TensorInfo piece = input;
        piece.dims->erase(piece.dims->begin() + *dim);
        return SmallVector<TensorInfo>((*input.dims)[*dim].size, piece);
      })
      .Case([&](AtenBroadcastTensorsOp broadcast)
                -> std::optional<SmallVector<TensorInfo>> {
        std::optional<SmallVector<TensorInfo>> tensors =
            refiner.getTensorList(broadcast.getTensors());
        if (!tensors)
          return std::nullopt;
        std::optional<SmallVector<DimInfo>> dims =
            broadcastTensorDims(*tensors);
        SmallVector<TensorInfo> results;
        for (const TensorInfo &tensor : *tensors)
          results.push_back({dims, tensor.dtype});
        return results;
      })
      .Default([](Operation *) { return std::nullopt; });
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

/// Pads the trailing dims: `pads` holds (before, after) pairs from the last
/// dim backwards.
TensorInfo padDims(const TensorInfo &input,
                   std::optional<SmallVector<int64_t>> pads) {
  if (!input.hasRank())
    return input;
  if (!pads || pads->size() % 2 ||
      static_cast<int64_t>(pads->size() / 2) > input.getRank())
    return TensorInfo::withRank(input.getRank(), input.dtype);
  TensorInfo result = input;
  for (size_t i = 0; i < pads->size() / 2; ++i) {
    DimInfo &dim = (*result.dims)[input.getRank() - 1 - i];
    int64_t added = (*pads)[2 * i] + (*pads)[2 * i + 1];
    if (dim.isKnown())
      dim = DimInfo::known(dim.size + added);
    else if (added != 0)
      dim = DimInfo::unknown();
  }
  return result;
}

/// The ints of a list of constant floats.
std::optional<SmallVector<double>> getConstantFloats(Value list) {
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  SmallVector<double> floats;
  for (Value element : construct.getElements()) {
    std::optional<double> value = matchConstantFloat(element);
    if (!value)
      return std::nullopt;
    floats.push_back(*value);
  }
  return floats;
}

/// upsample_*: the trailing `spatial` dims become `outputSize`, or the
/// input dims scaled by `scales`.
TensorInfo upsampleDims(const ShapeRefiner &refiner, const TensorInfo &input,
                        unsigned spatial, Value outputSize,
                        ArrayRef<Value> scales) {
  if (!input.hasRank() || input.getRank() < spatial)
    return TensorInfo::unranked(input.dtype);
  TensorInfo result = input;
  MutableArrayRef<DimInfo> trailing =
      MutableArrayRef<DimInfo>(*result.dims).take_back(spatial);
  if (!isConstantNone(outputSize)) {
    std::optional<SmallVector<DimInfo>> sizes = refiner.getIntList(outputSize);
    for (auto [i, dim] : llvm::enumerate(trailing))
      dim =
          sizes && sizes->size() == spatial ? (*sizes)[i] : DimInfo::unknown();
    return result;
  }
  SmallVector<double> factors;
  if (scales.size() == 1) {
    if (std::optional<SmallVector<double>> list =
            getConstantFloats(scales.front()))
      factors = *list;
  } else {
    for (Value scale : scales)
      if (std::optional<double> factor = matchConstantFloat(scale))
        factors.push_back(*factor);
  }
  for (auto [i, dim] : llvm::enumerate(trailing)) {
    if (factors.size() == spatial && dim.isKnown())
      dim = DimInfo::known(static_cast<int64_t>(dim.size * factors[i]));
    else
      dim = DimInfo::unknown();
  }
  return result;
}

std::optional<TensorInfo> inferIndexingResult(Operation *op,
                                              const ShapeRefiner &refiner) {
  auto input = [&](unsigned i = 0) {
    return refiner.getTensor(op->getOperand(i));
  };
  auto getInt = [&](Value value) { return refiner.getInt(value); };
  return llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
      .Case([&](AtenConcatOp concat) {
        return joinTensors(refiner.getTensorList(concat.getTensors()),
                           matchConstantInt(concat.getDim()));
      })
      .Case<AtenHstackOp, AtenVstackOp, AtenColumnStackOp>(
          [&](Operation *) -> TensorInfo {
            std::optional<SmallVector<TensorInfo>> tensors =
                refiner.getTensorList(op->getOperand(0));
            if (!tensors || tensors->empty())
              return TensorInfo::unranked();
            // Each tensor as PyTorch reshapes it first: hstack takes it as
            // at least 1-d, vstack as at least 2-d ([n] as [1, n]), and
            // column_stack makes a 0-d or 1-d one a column. hstack and
            // column_stack join 1-d tensors along dim 0, others along dim 1;
            // vstack joins along dim 0.
            bool vertical = isa<AtenVstackOp>(op);
            for (TensorInfo &tensor : *tensors) {
              if (!tensor.hasRank())
                return TensorInfo::unranked(tensor.dtype);
              SmallVector<DimInfo> dims = *tensor.dims;
              if (isa<AtenColumnStackOp>(op) && dims.size() <= 1)
                dims = {dims.empty() ? DimInfo::known(1) : dims.front(),
                        DimInfo::known(1)};
              else if (dims.empty())
                dims.assign(vertical ? 2 : 1, DimInfo::known(1));
              else if (vertical && dims.size() == 1)
                dims.insert(dims.begin(), DimInfo::known(1));
              tensor = TensorInfo::ranked(dims, tensor.dtype);
            }
            int64_t rank = tensors->front().getRank();
            return joinTensors(tensors, vertical || rank == 1 ? 0 : 1);
          })
      .Case([&](AtenDiffOp diff) -> TensorInfo {
        // The dim shrinks by n after prepend and append are concatenated.
        TensorInfo in = input();
        std::optional<int64_t> dim = getDimOperand(in, diff.getDim());
        std::optional<int64_t> n = matchConstantInt(diff.getN());
        if (!dim || !n)
          return in.hasRank() ? TensorInfo::withRank(in.getRank(), in.dtype)
                              : in;
        DimInfo size = (*in.dims)[*dim];
        int64_t total = size.size;
        for (Value side : {diff.getPrepend(), diff.getAppend()}) {
          if (isConstantNone(side) || !size.isKnown())
            continue;
          TensorInfo part = refiner.getTensor(side);
          if (!part.hasRank() || part.getRank() != in.getRank() ||
              !(*part.dims)[*dim].isKnown())
            return withDim(in, *dim, DimInfo::unknown());
          total += (*part.dims)[*dim].size;
        }
        if (!size.isKnown())
          return withDim(in, *dim, DimInfo::unknown());
        return withDim(in, *dim, DimInfo::known(std::max<int64_t>(total - *n, 0)));
      })
      .Case<AtenNarrowOp, AtenNarrowTensorOp>([&](Operation *) -> TensorInfo {
        TensorInfo in = input();
        std::optional<int64_t> dim = getDimOperand(in, op->getOperand(1));
        if (!dim)
          return in.hasRank() ? TensorInfo::withRank(in.getRank(), in.dtype)
                              : in;
        return withDim(in, *dim, getInt(op->getOperand(3)));
      })
      .Case([&](AtenGatherOp) {
        TensorInfo result = input(2);
        result.dtype = input().dtype;
        return result;
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
      .Case<AtenConstantPadNdOp, AtenPadOp, AtenReflectionPad1dOp,
            AtenReflectionPad2dOp, AtenReplicationPad1dOp,
            AtenReplicationPad2dOp>([&](Operation *) {
        return padDims(input(), getConstantInts(refiner, op->getOperand(1)));
      })
      .Case<AtenPixelShuffleOp, AtenPixelUnshuffleOp>(
          [&](Operation *) -> TensorInfo {
            TensorInfo in = input();
            std::optional<int64_t> factor = matchConstantInt(op->getOperand(1));
            if (!in.hasRank() || in.getRank() < 3 || !factor || *factor <= 0)
              return in;
            bool shuffle = isa<AtenPixelShuffleOp>(op);
            int64_t rank = in.getRank(), f2 = *factor * *factor;
            DimInfo &c = (*in.dims)[rank - 3];
            if (c.isKnown())
              c = DimInfo::known(shuffle ? c.size / f2 : c.size * f2);
            for (int64_t i : {rank - 2, rank - 1}) {
              DimInfo &d = (*in.dims)[i];
              if (d.isKnown())
                d = DimInfo::known(shuffle ? d.size * *factor
                                           : d.size / *factor);
              else
                d = DimInfo::unknown();
            }
            return in;
          })
      .Case([&](AtenDiagonalOp diagonal) -> TensorInfo {
        TensorInfo in = input();
        std::optional<int64_t> offset = matchConstantInt(diagonal.getOffset());
        std::optional<int64_t> d1 = getDimOperand(in, diagonal.getDim1());
        std::optional<int64_t> d2 = getDimOperand(in, diagonal.getDim2());
        if (!in.hasRank() || in.getRank() < 2)
          return TensorInfo::unranked(in.dtype);
        if (!offset || !d1 || !d2 || *d1 == *d2)
          return TensorInfo::withRank(in.getRank() - 1, in.dtype);
        DimInfo a = (*in.dims)[*d1], b = (*in.dims)[*d2];
        DimInfo length = DimInfo::unknown();
        if (a.isKnown() && b.isKnown())
          length = DimInfo::known(std::max<int64_t>(
              0, *offset >= 0 ? std::min(a.size, b.size - *offset)
                              : std::min(a.size + *offset, b.size)));
        SmallVector<DimInfo> dims;
        for (auto [i, dim] : llvm::enumerate(*in.dims))
          if (static_cast<int64_t>(i) != *d1 && static_cast<int64_t>(i) != *d2)
            dims.push_back(dim);
        dims.push_back(length);
        return TensorInfo::ranked(dims, in.dtype);
      })
      .Case<AtenUpsampleNearest1dOp, AtenUpsampleNearest2dOp>([&](Operation *) {
        unsigned spatial = isa<AtenUpsampleNearest1dOp>(op) ? 1 : 2;
        return upsampleDims(refiner, input(), spatial, op->getOperand(1),
                            llvm::to_vector(op->getOperands().drop_front(2)));
      })
      .Case<AtenUpsampleLinear1dOp, AtenUpsampleBilinear2dOp>([&](Operation *) {
        unsigned spatial = isa<AtenUpsampleLinear1dOp>(op) ? 1 : 2;
        return upsampleDims(refiner, input(), spatial, op->getOperand(1),
                            llvm::to_vector(op->getOperands().drop_front(3)));
      })
      .Case<AtenUpsampleNearest1dVecOp, AtenUpsampleNearest2dVecOp,
            AtenUpsampleLinear1dVecOp, AtenUpsampleBilinear2dVecOp>(
          [&](Operation *) {
            unsigned spatial =
                isa<AtenUpsampleNearest1dVecOp, AtenUpsampleLinear1dVecOp>(op)
                    ? 1
                    : 2;
            Value scales = op->getOperands().back();
            return upsampleDims(refiner, input(), spatial, op->getOperand(1),
                                {scales});
          })
      .Case([&](AtenRepeatInterleaveSelfIntOp repeat) -> TensorInfo {
        TensorInfo in = input();
        DimInfo repeats = getInt(repeat.getRepeats());
        if (!in.hasRank())
          return in;
        if (isConstantNone(repeat.getDim()))
          return TensorInfo::ranked(
              {multiplyDims(multiplyAllDims(*in.dims), repeats)}, in.dtype);
        std::optional<int64_t> dim = getDimOperand(in, repeat.getDim());
        if (!dim)
          return TensorInfo::withRank(in.getRank(), in.dtype);
        return withDim(in, *dim, multiplyDims((*in.dims)[*dim], repeats));
      })
      .Default([](Operation *) { return std::nullopt; });
}
} // namespace

bool mlir::torch_onnx::Torch::inferIndexingOp(Operation *op,
                                              ShapeRefiner &refiner) {
  if (std::optional<TensorInfo> result = inferIndexingResult(op, refiner)) {
    refiner.setTensor(op->getResult(0), std::move(*result));
    return true;
  }
  if (!isa<AtenChunkOp, AtenSplitTensorOp, AtenUnsafeSplitTensorOp, AtenSplitOp,
           AtenSplitSizesOp, AtenSplitWithSizesOp, AtenUnbindIntOp,
           AtenBroadcastTensorsOp>(op))
    return false;
  if (std::optional<SmallVector<TensorInfo>> pieces = inferSplit(op, refiner))
    refiner.setTensorList(op->getResult(0), std::move(*pieces));
  return true;
}
