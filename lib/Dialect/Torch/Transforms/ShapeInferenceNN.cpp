//===- ShapeInferenceNN.cpp - Shape rules of neural network layers --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The layers whose operands must agree on a dim that each names by its own
// symbol (a loss's input and target, the batches of baddbmm): the meta
// kernels, which give each symbol its own stand-in size, reject them, and
// LibTorch has no shape function of them. linear keeps its input's dims
// where its shape function rejects a weight that disagrees. Convolutions,
// pooling and the other products take their types from PyTorch's
// registries.
//
//===----------------------------------------------------------------------===//

#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {
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

std::optional<TensorInfo> inferLayer(Operation *op,
                                     const ShapeRefiner &refiner) {
  auto input = [&](unsigned i) { return refiner.getTensor(op->getOperand(i)); };
  return llvm::TypeSwitch<Operation *, std::optional<TensorInfo>>(op)
      .Case([&](AtenLinearOp) { return linearDims(input(0), input(1)); })
      .Case([&](AtenBaddbmmOp) {
        TensorInfo a = input(1), b = input(2);
        return TensorInfo::ranked(
            {unifyDims(dimAt(a, 0), dimAt(b, 0)), dimAt(a, 1), dimAt(b, 2)},
            promoteOperandDtypes(refiner, op->getOperands().take_front(3)));
      })
      .Default([](Operation *) { return std::nullopt; });
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
  if (std::optional<TensorInfo> result = inferLayer(op, refiner)) {
    refiner.setTensor(op->getResult(0), std::move(*result));
    return true;
  }
  return inferSequenceOp(op, refiner);
}
