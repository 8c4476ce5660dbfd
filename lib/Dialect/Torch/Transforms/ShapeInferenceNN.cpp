//===- ShapeInferenceNN.cpp - Shape rules of neural network layers --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Matrix products, convolutions, pooling and normalization. Batch dims pass
// through unchanged, symbols included; a spatial dim keeps its symbol when
// the layer maps every size to itself (stride 1 with "same" padding).
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

/// The dim `index` (negative from the back) of `info`, or unknown.
DimInfo dimAt(const TensorInfo &info, int64_t index) {
  if (!info.hasRank())
    return DimInfo::unknown();
  std::optional<int64_t> dim = normalizeDim(index, info.getRank());
  return dim ? (*info.dims)[*dim] : DimInfo::unknown();
}

TensorInfo linearDims(const TensorInfo &input, const TensorInfo &weight) {
  if (!input.hasRank() || input.getRank() == 0)
    return TensorInfo::unranked(input.dtype);
  TensorInfo result = input;
  if (weight.hasRank() && weight.getRank() == 1)
    result.dims->pop_back();
  else
    result.dims->back() = dimAt(weight, 0);
  return result;
}

//===----------------------------------------------------------------------===//
// Convolution and pooling
//===----------------------------------------------------------------------===//

/// The ints of a list operand for `n` spatial dims; a single int applies to
/// all, an empty list gives `fallback`.
std::optional<SmallVector<int64_t>>
getSpatialInts(const ShapeRefiner &refiner, Value list, unsigned n,
               std::optional<SmallVector<int64_t>> fallback = std::nullopt) {
  std::optional<SmallVector<int64_t>> ints = getConstantInts(refiner, list);
  if (!ints)
    return std::nullopt;
  if (ints->empty())
    return fallback;
  if (ints->size() == 1)
    return SmallVector<int64_t>(n, ints->front());
  if (ints->size() != n)
    return std::nullopt;
  return ints;
}

/// The output size of a convolution or pooling window along one dim.
DimInfo windowOutputDim(DimInfo in, int64_t kernel, int64_t stride,
                        int64_t padding, int64_t dilation, bool ceilMode) {
  int64_t span = dilation * (kernel - 1);
  if (!in.isKnown())
    return stride == 1 && 2 * padding == span ? in : DimInfo::unknown();
  int64_t numerator = in.size + 2 * padding - span - 1;
  if (stride <= 0)
    return DimInfo::unknown();
  int64_t out =
      (ceilMode ? llvm::divideCeilSigned(numerator, stride)
                : floorDivide(numerator, stride)) +
      1;
  // A window must start inside the input or its left padding.
  if (ceilMode && (out - 1) * stride >= in.size + padding)
    --out;
  return DimInfo::known(out);
}

/// The output size of a transposed convolution along one dim.
DimInfo transposedOutputDim(DimInfo in, int64_t kernel, int64_t stride,
                            int64_t padding, int64_t dilation,
                            int64_t outputPadding) {
  int64_t growth = dilation * (kernel - 1) - 2 * padding + outputPadding;
  if (!in.isKnown())
    return stride == 1 && growth == 0 ? in : DimInfo::unknown();
  return DimInfo::known((in.size - 1) * stride + growth + 1);
}

} // namespace

std::optional<ConvOperands>
mlir::torch_onnx::Torch::getConvOperands(Operation *op) {
  ConvOperands c;
  auto operand = [&](unsigned i) { return op->getOperand(i); };
  return llvm::TypeSwitch<Operation *, std::optional<ConvOperands>>(op)
      .Case<AtenConv1dOp, AtenConv2dOp, AtenConv3dOp, AtenConv1dPaddingOp,
            AtenConv2dPaddingOp, AtenConv3dPaddingOp, Aten_ConvolutionModeOp>(
          [&](Operation *) {
        c = {operand(0), operand(1), operand(3), operand(4),
             operand(5), Value(),    operand(6)};
        return c;
      })
      .Case<AtenConvTranspose1dOp, AtenConvTranspose2dInputOp,
            AtenConvTranspose3dInputOp>([&](Operation *) {
        c = {operand(0), operand(1), operand(3), operand(4),
             operand(7), operand(5), operand(6), true};
        return c;
      })
      .Case<AtenConvolutionOp, Aten_ConvolutionOp,
            Aten_ConvolutionDeprecatedOp>(
          [&](Operation *) -> std::optional<ConvOperands> {
            std::optional<bool> transposed = matchConstantBool(operand(6));
            if (!transposed)
              return std::nullopt;
            c = {operand(0), operand(1), operand(3), operand(4),
                 operand(5), operand(7), operand(8), *transposed};
            return c;
          })
      .Default([](Operation *) { return std::nullopt; });
}

namespace {

TensorInfo convolutionDims(const ShapeRefiner &refiner, Operation *op,
                           const ConvOperands &c) {
  TensorInfo input = refiner.getTensor(c.input);
  TensorInfo weight = refiner.getTensor(c.weight);
  Type dtype = input.dtype;
  if (!weight.hasRank() || weight.getRank() < 3)
    return TensorInfo::unranked(dtype);
  unsigned spatial = weight.getRank() - 2;
  bool batched = !input.hasRank() || input.getRank() == spatial + 2;
  if (input.hasRank() && input.getRank() != spatial + 1 && !batched)
    return TensorInfo::unranked(dtype);

  SmallVector<DimInfo> dims;
  if (batched)
    dims.push_back(dimAt(input, 0));
  std::optional<int64_t> groups = matchConstantInt(c.groups);
  if (!c.transposed)
    dims.push_back(dimAt(weight, 0));
  else if (groups && dimAt(weight, 1).isKnown())
    dims.push_back(DimInfo::known(dimAt(weight, 1).size * *groups));
  else
    dims.push_back(DimInfo::unknown());

  SmallVector<int64_t> ones(spatial, 1), zeros(spatial, 0);
  std::optional<SmallVector<int64_t>> stride =
      getSpatialInts(refiner, c.stride, spatial, ones);
  std::optional<SmallVector<int64_t>> dilation =
      getSpatialInts(refiner, c.dilation, spatial, ones);
  std::optional<SmallVector<int64_t>> outputPadding =
      c.outputPadding ? getSpatialInts(refiner, c.outputPadding, spatial, zeros)
                      : zeros;
  std::optional<SmallVector<int64_t>> padding;
  bool samePadding = false;
  if (auto str = c.padding.getDefiningOp<ConstantStrOp>()) {
    samePadding = str.getValue() == "same";
    padding = zeros;
  } else {
    padding = getSpatialInts(refiner, c.padding, spatial, zeros);
  }
  for (unsigned i = 0; i < spatial; ++i) {
    DimInfo in =
        dimAt(input, static_cast<int64_t>(i) - static_cast<int64_t>(spatial));
    DimInfo kernel = (*weight.dims)[2 + i];
    if (samePadding) {
      dims.push_back(in);
    } else if (!stride || !dilation || !padding || !outputPadding ||
               !kernel.isKnown()) {
      dims.push_back(DimInfo::unknown());
    } else if (c.transposed) {
      dims.push_back(transposedOutputDim(in, kernel.size, (*stride)[i],
                                         (*padding)[i], (*dilation)[i],
                                         (*outputPadding)[i]));
    } else {
      dims.push_back(windowOutputDim(in, kernel.size, (*stride)[i],
                                     (*padding)[i], (*dilation)[i],
                                     /*ceilMode=*/false));
    }
  }
  return TensorInfo::ranked(dims, dtype);
}

/// max_pool and avg_pool: the trailing `spatial` dims shrink.
TensorInfo poolDims(const ShapeRefiner &refiner, Operation *op,
                    unsigned spatial, bool hasDilation) {
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  if (!input.hasRank() || input.getRank() < spatial)
    return input;
  SmallVector<int64_t> ones(spatial, 1), zeros(spatial, 0);
  std::optional<SmallVector<int64_t>> kernel =
      getSpatialInts(refiner, op->getOperand(1), spatial);
  std::optional<SmallVector<int64_t>> stride =
      getSpatialInts(refiner, op->getOperand(2), spatial, kernel);
  std::optional<SmallVector<int64_t>> padding =
      getSpatialInts(refiner, op->getOperand(3), spatial, zeros);
  std::optional<SmallVector<int64_t>> dilation =
      hasDilation ? getSpatialInts(refiner, op->getOperand(4), spatial, ones)
                  : ones;
  std::optional<bool> ceilMode =
      matchConstantBool(op->getOperand(hasDilation ? 5 : 4));
  TensorInfo result = input;
  MutableArrayRef<DimInfo> trailing =
      MutableArrayRef<DimInfo>(*result.dims).take_back(spatial);
  for (auto [i, dim] : llvm::enumerate(trailing)) {
    if (!kernel || !stride || !padding || !dilation || !ceilMode)
      dim = DimInfo::unknown();
    else
      dim = windowOutputDim(dim, (*kernel)[i], (*stride)[i], (*padding)[i],
                            (*dilation)[i], *ceilMode);
  }
  return result;
}

/// adaptive pools: the trailing dims become the output size.
TensorInfo adaptivePoolDims(const ShapeRefiner &refiner, Operation *op,
                            unsigned spatial) {
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  if (!input.hasRank() || input.getRank() < spatial)
    return input;
  std::optional<SmallVector<DimInfo>> sizes =
      refiner.getIntList(op->getOperand(1));
  TensorInfo result = input;
  MutableArrayRef<DimInfo> trailing =
      MutableArrayRef<DimInfo>(*result.dims).take_back(spatial);
  for (auto [i, dim] : llvm::enumerate(trailing)) {
    if (!sizes || sizes->size() != spatial)
      dim = DimInfo::unknown();
    else if (sizes->size() == spatial)
      dim = (*sizes)[i];
  }
  return result;
}

/// The op's pooling family: spatial dims, dilation operand, and whether it
/// also returns indices. Zero spatial dims for other ops.
struct PoolKind {
  unsigned spatial = 0;
  bool adaptive = false, hasDilation = false, withIndices = false;
};

PoolKind getPoolKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, PoolKind>(op)
      .Case([](AtenMaxPool1dOp) {
        return PoolKind{1, false, true, false};
      })
      .Case([](AtenMaxPool2dOp) {
        return PoolKind{2, false, true, false};
      })
      .Case([](AtenMaxPool3dOp) {
        return PoolKind{3, false, true, false};
      })
      .Case([](AtenMaxPool1dWithIndicesOp) {
        return PoolKind{1, false, true, true};
      })
      .Case([](AtenMaxPool2dWithIndicesOp) {
        return PoolKind{2, false, true, true};
      })
      .Case([](AtenMaxPool3dWithIndicesOp) {
        return PoolKind{3, false, true, true};
      })
      .Case([](AtenAvgPool1dOp) {
        return PoolKind{1, false, false, false};
      })
      .Case([](AtenAvgPool2dOp) {
        return PoolKind{2, false, false, false};
      })
      .Case([](AtenAvgPool3dOp) {
        return PoolKind{3, false, false, false};
      })
      .Case([](AtenAdaptiveAvgPool1dOp) {
        return PoolKind{1, true, false, false};
      })
      .Case([](AtenAdaptiveAvgPool2dOp) {
        return PoolKind{2, true, false, false};
      })
      .Case([](AtenAdaptiveAvgPool3dOp) {
        return PoolKind{3, true, false, false};
      })
      .Case([](AtenAdaptiveMaxPool1dOp) {
        return PoolKind{1, true, false, true};
      })
      .Case([](AtenAdaptiveMaxPool2dOp) {
        return PoolKind{2, true, false, true};
      })
      .Default([](Operation *) { return PoolKind(); });
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

bool inferNormalization(Operation *op, ShapeRefiner &refiner) {
  auto input = [&] { return refiner.getTensor(op->getOperand(0)); };
  if (isa<AtenInstanceNormOp, AtenGroupNormOp>(op)) {
    refiner.setTensor(op->getResult(0), input());
    return true;
  }
  if (auto gn = dyn_cast<AtenNativeGroupNormOp>(op)) {
    TensorInfo in = input();
    refiner.setTensor(gn.getResult(0), in);
    TensorInfo stats = TensorInfo::ranked(
        {refiner.getInt(gn.getN()), refiner.getInt(gn.getGroup())}, in.dtype);
    refiner.setTensor(gn.getResult(1), stats);
    refiner.setTensor(gn.getResult(2), stats);
    return true;
  }
  return false;
}

std::optional<TensorInfo> inferProduct(Operation *op,
                                       const ShapeRefiner &refiner) {
  auto input = [&](unsigned i) { return refiner.getTensor(op->getOperand(i)); };
  return llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
      .Case([&](AtenLinearOp) { return linearDims(input(0), input(1)); })
      .Case([&](AtenAddmmOp) {
        TensorInfo a = input(1), b = input(2);
        return TensorInfo::ranked(
            {dimAt(a, 0), dimAt(b, 1)},
            promoteOperandDtypes(refiner, op->getOperands().take_front(3)));
      })
      // LibTorch has no shape function of baddbmm.
      .Case([&](AtenBaddbmmOp) {
        TensorInfo a = input(1), b = input(2);
        return TensorInfo::ranked(
            {unifyDims(dimAt(a, 0), dimAt(b, 0)), dimAt(a, 1), dimAt(b, 2)},
            promoteOperandDtypes(refiner, op->getOperands().take_front(3)));
      })
      .Case([&](AtenMvOp) {
        return TensorInfo::ranked(
            {dimAt(input(0), 0)},
            promoteDtypes(input(0).dtype, input(1).dtype));
      })
      .Case([&](AtenAddmvOp) {
        return TensorInfo::ranked(
            {dimAt(input(1), 0)},
            promoteOperandDtypes(refiner, op->getOperands().take_front(3)));
      })
      .Case([&](AtenDotOp) {
        return TensorInfo::ranked(
            {}, promoteDtypes(input(0).dtype, input(1).dtype));
      })
      .Case([&](AtenCosineSimilarityOp cos) -> TensorInfo {
        TensorInfo a = input(0), b = input(1);
        Type dtype = promoteDtypes(a.dtype, b.dtype);
        std::optional<SmallVector<DimInfo>> dims = broadcastTensorDims({a, b});
        std::optional<int64_t> dim = matchConstantInt(cos.getDim());
        if (!dims || !dim || !normalizeDim(*dim, dims->size()))
          return TensorInfo::unranked(dtype);
        dims->erase(dims->begin() + *normalizeDim(*dim, dims->size()));
        return TensorInfo::ranked(*dims, dtype);
      })
      .Case([&](AtenPairwiseDistanceOp distance) -> TensorInfo {
        TensorInfo a = input(0), b = input(1);
        Type dtype = promoteDtypes(a.dtype, b.dtype);
        std::optional<SmallVector<DimInfo>> dims = broadcastTensorDims({a, b});
        std::optional<bool> keepdim = matchConstantBool(distance.getKeepdim());
        if (!dims || dims->empty() || !keepdim)
          return TensorInfo::unranked(dtype);
        if (*keepdim)
          dims->back() = DimInfo::known(1);
        else
          dims->pop_back();
        return TensorInfo::ranked(*dims, dtype);
      })
      .Case([&](AtenCdistOp) -> TensorInfo {
        TensorInfo a = input(0), b = input(1);
        Type dtype = promoteDtypes(a.dtype, b.dtype);
        if (!a.hasRank() || !b.hasRank() || a.getRank() < 2 || b.getRank() < 2)
          return TensorInfo::unranked(dtype);
        TensorInfo aBatch =
            TensorInfo::ranked(ArrayRef(*a.dims).drop_back(2), dtype);
        TensorInfo bBatch =
            TensorInfo::ranked(ArrayRef(*b.dims).drop_back(2), dtype);
        SmallVector<DimInfo> dims = *broadcastTensorDims({aBatch, bBatch});
        dims.push_back(dimAt(a, -2));
        dims.push_back(dimAt(b, -2));
        return TensorInfo::ranked(dims, dtype);
      })
      .Default([](Operation *) { return std::nullopt; });
}
/// im2col of [N, C, H, W] (or [C, H, W]): [N, C * kh * kw, windows].
TensorInfo im2colDims(const ShapeRefiner &refiner, AtenIm2colOp op) {
  TensorInfo in = refiner.getTensor(op.getSelf());
  if (!in.hasRank() || (in.getRank() != 3 && in.getRank() != 4))
    return TensorInfo::unranked(in.dtype);
  SmallVector<DimInfo> dims((*in.dims).begin(), (*in.dims).end() - 3);
  auto k = matchConstantIntList(op.getKernelSize());
  auto d = matchConstantIntList(op.getDilation());
  auto p = matchConstantIntList(op.getPadding());
  auto s = matchConstantIntList(op.getStride());
  ArrayRef<DimInfo> chw = ArrayRef(*in.dims).take_back(3);
  bool known = k && d && p && s && k->size() == 2 && d->size() == 2 &&
               p->size() == 2 && s->size() == 2;
  dims.push_back(known && chw[0].isKnown()
                     ? DimInfo::known(chw[0].size * (*k)[0] * (*k)[1])
                     : DimInfo::unknown());
  int64_t windows = 1;
  for (int i = 0; i < 2 && known; ++i) {
    known &= chw[1 + i].isKnown();
    if (!known)
      break;
    int64_t span = chw[1 + i].size + 2 * (*p)[i] - (*d)[i] * ((*k)[i] - 1);
    windows *= (span - 1) / (*s)[i] + 1;
  }
  dims.push_back(known ? DimInfo::known(windows) : DimInfo::unknown());
  return TensorInfo::ranked(dims, in.dtype);
}

/// The index of the `reduction` operand of a loss, and whether its
/// unreduced loss has one element per target (class-index losses) rather
/// than per input element.
std::optional<std::pair<unsigned, bool>> getLossReduction(Operation *op) {
  if (isa<AtenMseLossOp, AtenL1LossOp, AtenKlDivOp>(op))
    return std::make_pair(2u, false);
  if (isa<AtenBinaryCrossEntropyOp>(op))
    return std::make_pair(3u, false);
  if (isa<AtenBinaryCrossEntropyWithLogitsOp>(op))
    return std::make_pair(4u, false);
  if (isa<AtenCrossEntropyLossOp, AtenNllLossForwardOp,
          AtenNllLoss2dForwardOp>(op))
    return std::make_pair(3u, true);
  auto named = dyn_cast<OperatorOp>(op);
  if (named && op->getNumOperands() == 5 &&
      (named.getName() == "aten::nll_loss_nd" ||
       named.getName() == "aten::nll_loss"))
    return std::make_pair(3u, true);
  return std::nullopt;
}

/// Losses: reduced, a 0-d tensor; unreduced, one loss per input element, or
/// per target for class indices (per input element without the class dim
/// for class probabilities). nll_loss_forward's total weight is 0-d.
bool inferLoss(Operation *op, ShapeRefiner &refiner) {
  std::optional<std::pair<unsigned, bool>> loss = getLossReduction(op);
  if (!loss)
    return false;
  auto [reductionIndex, perTarget] = *loss;
  TensorInfo input = refiner.getTensor(op->getOperand(0));
  TensorInfo target = refiner.getTensor(op->getOperand(1));
  std::optional<int64_t> reduction =
      matchConstantInt(op->getOperand(reductionIndex));
  TensorInfo result = TensorInfo::unranked(input.dtype);
  if (reduction && *reduction != 0) {
    result = TensorInfo::ranked({}, input.dtype);
  } else if (reduction && !perTarget) {
    result = input;
  } else if (reduction && target.hasRank()) {
    // Class probabilities are shaped as the input: their class dim goes.
    SmallVector<DimInfo> dims(*target.dims);
    if (target.dtype && isa<mlir::FloatType>(target.dtype) && !dims.empty())
      dims.erase(dims.begin() + (dims.size() > 1 ? 1 : 0));
    result = TensorInfo::ranked(dims, input.dtype);
  }
  refiner.setTensor(op->getResult(0), result);
  if (op->getNumResults() == 2)
    refiner.setTensor(op->getResult(1), TensorInfo::ranked({}, input.dtype));
  return true;
}

} // namespace

bool mlir::torch_onnx::Torch::inferNeuralNetOp(Operation *op,
                                               ShapeRefiner &refiner) {
  if (inferLoss(op, refiner))
    return true;
  if (std::optional<TensorInfo> result = inferProduct(op, refiner)) {
    refiner.setTensor(op->getResult(0), std::move(*result));
    return true;
  }
  if (std::optional<ConvOperands> conv = getConvOperands(op)) {
    refiner.setTensor(op->getResult(0), convolutionDims(refiner, op, *conv));
    return true;
  }
  if (isa<AtenConvolutionOp, Aten_ConvolutionOp, Aten_ConvolutionDeprecatedOp>(
          op)) {
    // A convolution whose `transposed` flag is not constant.
    TensorInfo input = refiner.getTensor(op->getOperand(0));
    refiner.setTensor(op->getResult(0),
                      input.hasRank()
                          ? TensorInfo::withRank(input.getRank(), input.dtype)
                          : TensorInfo::unranked(input.dtype));
    return true;
  }
  PoolKind pool = getPoolKind(op);
  if (pool.spatial) {
    TensorInfo result =
        pool.adaptive ? adaptivePoolDims(refiner, op, pool.spatial)
                      : poolDims(refiner, op, pool.spatial, pool.hasDilation);
    refiner.setTensor(op->getResult(0), result);
    if (pool.withIndices) {
      result.dtype = getSi64Dtype(op->getContext());
      refiner.setTensor(op->getResult(1), result);
    }
    return true;
  }
  // The gradient of a pooling's input is like the input.
  if (isa<AtenMaxPool2dWithIndicesBackwardOp>(op)) {
    refiner.setTensor(op->getResult(0), refiner.getTensor(op->getOperand(1)));
    return true;
  }
  if (auto im2col = dyn_cast<AtenIm2colOp>(op)) {
    refiner.setTensor(im2col.getResult(), im2colDims(refiner, im2col));
    return true;
  }
  return inferNormalization(op, refiner) || inferSequenceOp(op, refiner);
}
