//===- Losses.cpp - Loss functions to ONNX --------------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The losses of torch.nn.functional. Class-index cross entropy and the
// negative log likelihood are ONNX's SoftmaxCrossEntropyLoss and
// NegativeLogLikelihoodLoss, which take PyTorch's weights, ignore_index and
// reductions as they are. The pointwise losses (mse, l1, kl_div, the binary
// cross entropies, cross entropy with class probabilities) are composed,
// then reduced: `reduction` 0 keeps them, 1 takes the mean of every element,
// 2 the sum.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <numeric>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// PyTorch's reductions, as `at::Reduction` numbers them.
enum class Reduction : int64_t { None = 0, Mean = 1, Sum = 2 };

/// The constant reduction `value`, or nullopt.
std::optional<Reduction> getReduction(Value value) {
  std::optional<int64_t> reduction = Torch::matchConstantInt(value);
  if (!reduction || *reduction < 0 || *reduction > 2)
    return std::nullopt;
  return static_cast<Reduction>(*reduction);
}

/// ONNX's name of `reduction`.
StringRef getReductionName(Reduction reduction) {
  switch (reduction) {
  case Reduction::None:
    return "none";
  case Reduction::Mean:
    return "mean";
  case Reduction::Sum:
    return "sum";
  }
  llvm_unreachable("unknown reduction");
}

/// Pointwise losses `loss` reduced over every element by `reduction`.
Value reduceLoss(ONNXBuilder &b, Value loss, Reduction reduction) {
  int64_t rank = *getRank(loss);
  if (reduction == Reduction::None || rank == 0)
    return loss;
  SmallVector<int64_t> axes(rank);
  std::iota(axes.begin(), axes.end(), 0);
  if (reduction == Reduction::Mean)
    return b.reduce<ONNX::ReduceMeanOp>(loss, axes, false);
  return b.reduce<ONNX::ReduceSumOp>(loss, axes, false);
}

/// The converted operands of a pointwise loss, of the result's element type.
struct FloatOperands {
  Value input, target;
};

FailureOr<FloatOperands> getFloatOperands(ONNXBuilder &b, Value input,
                                          Value target, Type elementType) {
  if (!isFloatType(elementType) || !getRank(input) || !getRank(target))
    return failure();
  return FloatOperands{b.cast(input, elementType),
                       b.cast(target, elementType)};
}

/// Common matching of the pointwise losses: `compute` gives the pointwise
/// loss of the converted operands, which `reduction` then reduces.
template <typename OpTy>
struct PointwiseLoss : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  virtual FailureOr<Value> compute(OpTy op, OpAdaptor adaptor, ONNXBuilder &b,
                                   Value input, Value target) const = 0;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(this->getTypeConverter(),
                                       op.getResult());
    std::optional<Reduction> reduction = getReduction(op.getReduction());
    if (!type || !reduction)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<FloatOperands> operands = getFloatOperands(
        b, adaptor.getSelf(), adaptor.getTarget(), type.getElementType());
    if (failed(operands))
      return rewriter.notifyMatchFailure(op, "expected float operands");
    FailureOr<Value> loss =
        compute(op, adaptor, b, operands->input, operands->target);
    if (failed(loss))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    rewriter.replaceOp(op, reduceLoss(b, *loss, *reduction));
    return success();
  }
};

/// mse_loss: (input - target)^2.
struct ConvertMseLoss : public PointwiseLoss<Torch::AtenMseLossOp> {
  using PointwiseLoss::PointwiseLoss;
  FailureOr<Value> compute(Torch::AtenMseLossOp, OpAdaptor, ONNXBuilder &b,
                           Value input, Value target) const override {
    Value difference = b.binary<ONNX::SubOp>(input, target);
    return b.binary<ONNX::MulOp>(difference, difference);
  }
};

/// l1_loss: |input - target|.
struct ConvertL1Loss : public PointwiseLoss<Torch::AtenL1LossOp> {
  using PointwiseLoss::PointwiseLoss;
  FailureOr<Value> compute(Torch::AtenL1LossOp, OpAdaptor, ONNXBuilder &b,
                           Value input, Value target) const override {
    return b.unary<ONNX::AbsOp>(b.binary<ONNX::SubOp>(input, target));
  }
};

/// kl_div(input, target, reduction, log_target), input being log
/// probabilities: exp(target) * (target - input) for log targets, else
/// xlogy(target, target) - target * input, whose 0 * log 0 is 0.
struct ConvertKlDiv : public PointwiseLoss<Torch::AtenKlDivOp> {
  using PointwiseLoss::PointwiseLoss;
  FailureOr<Value> compute(Torch::AtenKlDivOp op, OpAdaptor, ONNXBuilder &b,
                           Value input, Value target) const override {
    std::optional<bool> logTarget = Torch::matchConstantBool(op.getLogTarget());
    if (!logTarget)
      return failure();
    if (*logTarget)
      return b.binary<ONNX::MulOp>(b.unary<ONNX::ExpOp>(target),
                                   b.binary<ONNX::SubOp>(target, input));
    Type elementType = getElementType(target);
    Value zero = b.scalar(elementType, 0.0);
    Value entropy = b.binary<ONNX::MulOp>(target, b.unary<ONNX::LogOp>(target));
    Value isZero = b.binary<ONNX::EqualOp>(target, zero,
                                           b.getBuilder().getI1Type());
    entropy = b.create<ONNX::WhereOp>(entropy.getType(),
                                      {isZero, zero, entropy});
    return b.binary<ONNX::SubOp>(entropy, b.binary<ONNX::MulOp>(target, input));
  }
};

/// `loss` times the converted optional `weight` (a Torch value and its
/// conversion), which broadcasts against it.
Value applyWeight(ONNXBuilder &b, Value loss, Value torchWeight,
                  Value weight) {
  if (isNone(torchWeight))
    return loss;
  return b.binary<ONNX::MulOp>(loss, b.cast(weight, getElementType(loss)));
}

/// binary_cross_entropy(input, target, weight, reduction) of probabilities:
/// -(target * log(input) + (1 - target) * log(1 - input)), each log at
/// least -100 as PyTorch clamps it.
struct ConvertBinaryCrossEntropy
    : public PointwiseLoss<Torch::AtenBinaryCrossEntropyOp> {
  using PointwiseLoss::PointwiseLoss;
  FailureOr<Value> compute(Torch::AtenBinaryCrossEntropyOp op,
                           OpAdaptor adaptor, ONNXBuilder &b, Value input,
                           Value target) const override {
    Type elementType = getElementType(input);
    Value one = b.scalar(elementType, 1.0);
    Value floor = b.scalar(elementType, -100.0);
    auto clampedLog = [&](Value x) {
      return b.binary<ONNX::MaxOp>(b.unary<ONNX::LogOp>(x), floor);
    };
    Value positive = b.binary<ONNX::MulOp>(target, clampedLog(input));
    Value negative =
        b.binary<ONNX::MulOp>(b.binary<ONNX::SubOp>(one, target),
                              clampedLog(b.binary<ONNX::SubOp>(one, input)));
    Value loss =
        b.unary<ONNX::NegOp>(b.binary<ONNX::AddOp>(positive, negative));
    return applyWeight(b, loss, op.getWeight(), adaptor.getWeight());
  }
};

/// binary_cross_entropy_with_logits(input, target, weight, pos_weight,
/// reduction), stable for any logit: (1 - target) * input + w * (log(1 +
/// exp(-|input|)) + max(-input, 0)), where w = 1 + (pos_weight - 1) *
/// target, or 1.
struct ConvertBinaryCrossEntropyWithLogits
    : public PointwiseLoss<Torch::AtenBinaryCrossEntropyWithLogitsOp> {
  using PointwiseLoss::PointwiseLoss;
  FailureOr<Value> compute(Torch::AtenBinaryCrossEntropyWithLogitsOp op,
                           OpAdaptor adaptor, ONNXBuilder &b, Value input,
                           Value target) const override {
    Type elementType = getElementType(input);
    Value one = b.scalar(elementType, 1.0);
    Value softplus = b.unary<ONNX::SoftplusOp>(
        b.unary<ONNX::NegOp>(b.unary<ONNX::AbsOp>(input)));
    Value logSigmoid = b.binary<ONNX::AddOp>(
        softplus, b.unary<ONNX::ReluOp>(b.unary<ONNX::NegOp>(input)));
    if (!isNone(op.getPosWeight())) {
      Value posWeight = b.cast(adaptor.getPosWeight(), elementType);
      Value logWeight = b.binary<ONNX::AddOp>(
          one, b.binary<ONNX::MulOp>(b.binary<ONNX::SubOp>(posWeight, one),
                                     target));
      logSigmoid = b.binary<ONNX::MulOp>(logWeight, logSigmoid);
    }
    Value loss = b.binary<ONNX::AddOp>(
        b.binary<ONNX::MulOp>(b.binary<ONNX::SubOp>(one, target), input),
        logSigmoid);
    return applyWeight(b, loss, op.getWeight(), adaptor.getWeight());
  }
};

/// The scores [N, C, ...] and class indices [N, ...] of a class-index loss,
/// a batch of one made for an unbatched input [C]; `unbatched` says so.
struct ClassIndexOperands {
  Value scores, labels;
  bool unbatched;
};

FailureOr<ClassIndexOperands> getClassIndexOperands(ONNXBuilder &b,
                                                    Value input,
                                                    Value target) {
  std::optional<int64_t> rank = getRank(input);
  std::optional<int64_t> targetRank = getRank(target);
  Type labelType = getElementType(target);
  if (!rank || !targetRank || *rank < 1 || *targetRank != *rank - 1 ||
      !isa_and_nonnull<IntegerType>(labelType) ||
      cast<IntegerType>(labelType).getWidth() < 8)
    return failure();
  Value labels = b.cast(target, b.getBuilder().getI64Type());
  if (*rank > 1)
    return ClassIndexOperands{input, labels, false};
  return ClassIndexOperands{b.unsqueeze(input, {0}), b.unsqueeze(labels, {0}),
                            true};
}

/// Creates the class-index loss `OpTy` (SoftmaxCrossEntropyLoss or
/// NegativeLogLikelihoodLoss) of `type` on the converted operands.
template <typename OpTy>
FailureOr<Value> createClassIndexLoss(ONNXBuilder &b, RankedTensorType type,
                                      Value input, Value target,
                                      Value torchWeight, Value weight,
                                      Value reductionValue,
                                      Value ignoreIndexValue) {
  std::optional<Reduction> reduction = getReduction(reductionValue);
  std::optional<int64_t> ignoreIndex =
      Torch::matchConstantInt(ignoreIndexValue);
  FailureOr<ClassIndexOperands> operands =
      getClassIndexOperands(b, input, target);
  if (!reduction || !ignoreIndex || failed(operands) ||
      !isFloatType(getElementType(input)))
    return failure();
  SmallVector<Value> inputs = {operands->scores, operands->labels};
  if (!isNone(torchWeight))
    inputs.push_back(b.cast(weight, getElementType(input)));
  SmallVector<int64_t> shape;
  if (*reduction == Reduction::None)
    shape = llvm::to_vector(
        cast<RankedTensorType>(operands->labels.getType()).getShape());
  auto lossType = RankedTensorType::get(shape, getElementType(input));
  SmallVector<NamedAttribute> attrs = {
      b.stringAttr("reduction", getReductionName(*reduction)),
      b.intAttr("ignore_index", *ignoreIndex)};
  SmallVector<Type> resultTypes = {lossType};
  // SoftmaxCrossEntropyLoss's optional log_prob.
  if constexpr (std::is_same_v<OpTy, ONNX::SoftmaxCrossEntropyLossOp>)
    resultTypes.push_back(NoneType::get(b.getContext()));
  Value loss =
      b.createOp<OpTy>(resultTypes,
                       b.withMissingInputs(OpTy::getOperationName(), inputs),
                       attrs)
          ->getResult(0);
  if (operands->unbatched && *reduction == Reduction::None)
    loss = b.squeeze(loss, {0});
  return b.cast(loss, type.getElementType());
}

/// cross_entropy_loss(input, target, weight, reduction, ignore_index,
/// label_smoothing) without label smoothing: SoftmaxCrossEntropyLoss for
/// class indices; for class probabilities, -sum over the classes of weight
/// * target * log_softmax(input), reduced.
struct ConvertCrossEntropyLoss
    : public ONNXConversionPattern<Torch::AtenCrossEntropyLossOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenCrossEntropyLossOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<double> smoothing =
        Torch::matchConstantFloat(op.getLabelSmoothing());
    if (!type || !smoothing || *smoothing != 0.0)
      return rewriter.notifyMatchFailure(op, "label smoothing");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf(), target = adaptor.getTarget();
    if (!isFloatType(getElementType(target))) {
      FailureOr<Value> loss =
          createClassIndexLoss<ONNX::SoftmaxCrossEntropyLossOp>(
              b, type, input, target, op.getWeight(), adaptor.getWeight(),
              op.getReduction(), op.getIgnoreIndex());
      if (failed(loss))
        return rewriter.notifyMatchFailure(op, "unsupported operands");
      rewriter.replaceOp(op, *loss);
      return success();
    }
    // Class probabilities, shaped as the input.
    std::optional<Reduction> reduction = getReduction(op.getReduction());
    std::optional<int64_t> rank = getRank(input);
    if (!reduction || !rank || getRank(target) != rank ||
        !isFloatType(getElementType(input)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t classAxis = *rank > 1 ? 1 : 0;
    Value logProbabilities =
        b.unary<ONNX::LogSoftmaxOp>(input, {b.intAttr("axis", classAxis)});
    Value terms = b.binary<ONNX::MulOp>(
        b.cast(target, getElementType(input)), logProbabilities);
    if (!isNone(op.getWeight())) {
      // The class weights [C] along the class axis.
      SmallVector<int64_t> trailing;
      for (int64_t d = classAxis + 1; d < *rank; ++d)
        trailing.push_back(d - classAxis);
      Value weight = b.cast(adaptor.getWeight(), getElementType(input));
      if (!trailing.empty())
        weight = b.unsqueeze(weight, trailing);
      terms = b.binary<ONNX::MulOp>(terms, weight);
    }
    Value loss = b.unary<ONNX::NegOp>(
        b.reduce<ONNX::ReduceSumOp>(terms, {classAxis}, false));
    rewriter.replaceOp(
        op, b.cast(reduceLoss(b, loss, *reduction), type.getElementType()));
    return success();
  }
};

/// nll_loss_forward and nll_loss2d_forward(input, target, weight,
/// reduction, ignore_index) -> (output, total_weight): the
/// NegativeLogLikelihoodLoss, and the sum of the weights of the targets
/// not ignored.
template <typename OpTy>
struct ConvertNllLossForward : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getOutput());
    auto totalType =
        getConvertedRankedType(this->getTypeConverter(), op.getTotalWeight());
    if (!type || !totalType)
      return rewriter.notifyMatchFailure(op, "unsupported result types");
    ONNXBuilder b(rewriter, op.getLoc());
    FailureOr<Value> loss =
        createClassIndexLoss<ONNX::NegativeLogLikelihoodLossOp>(
            b, type, adaptor.getSelf(), adaptor.getTarget(), op.getWeight(),
            adaptor.getWeight(), op.getReduction(), op.getIgnoreIndex());
    if (failed(loss))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    // The weight of each target, 0 where it is ignored.
    Type elementType = totalType.getElementType();
    Value labels = b.cast(adaptor.getTarget(), rewriter.getI64Type());
    Value ignored = b.binary<ONNX::EqualOp>(
        labels,
        b.intScalar(rewriter.getI64Type(),
                    *Torch::matchConstantInt(op.getIgnoreIndex())),
        rewriter.getI1Type());
    Value zero = b.scalar(elementType, 0.0);
    Value weights;
    if (isNone(op.getWeight())) {
      weights = b.create<ONNX::WhereOp>(
          cast<RankedTensorType>(labels.getType()).clone(elementType),
          {ignored, zero, b.scalar(elementType, 1.0)});
    } else {
      Value safe = b.create<ONNX::WhereOp>(
          labels.getType(),
          {ignored, b.intScalar(rewriter.getI64Type(), 0), labels});
      Value gathered = b.create<ONNX::GatherOp>(
          cast<RankedTensorType>(labels.getType()).clone(elementType),
          {b.cast(adaptor.getWeight(), elementType), safe},
          {b.intAttr("axis", 0)});
      weights = b.create<ONNX::WhereOp>(gathered.getType(),
                                        {ignored, zero, gathered});
    }
    rewriter.replaceOp(op, {*loss, reduceLoss(b, weights, Reduction::Sum)});
    return success();
  }
};

/// `aten::nll_loss_nd(input, target, weight, reduction, ignore_index)`,
/// which has no generated op: NegativeLogLikelihoodLoss.
struct ConvertNllLossNd : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::nll_loss_nd" && op.getName() != "aten::nll_loss")
      return failure();
    if (op->getNumOperands() != 5 || op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "unexpected signature");
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult(0));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    ValueRange operands = adaptor.getOperands();
    FailureOr<Value> loss =
        createClassIndexLoss<ONNX::NegativeLogLikelihoodLossOp>(
            b, type, operands[0], operands[1], op.getOperand(2), operands[2],
            op.getOperand(3), op.getOperand(4));
    if (failed(loss))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    rewriter.replaceOp(op, *loss);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateLossPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertMseLoss, ConvertL1Loss, ConvertKlDiv,
              ConvertBinaryCrossEntropy, ConvertBinaryCrossEntropyWithLogits,
              ConvertCrossEntropyLoss,
              ConvertNllLossForward<AtenNllLossForwardOp>,
              ConvertNllLossForward<AtenNllLoss2dForwardOp>, ConvertNllLossNd>(
      typeConverter, patterns, opset);
}
