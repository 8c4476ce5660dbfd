//===- Normalization.cpp - Batch, layer, group, instance norm to ONNX -----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// batch_norm in eval mode becomes BatchNormalization on the running
// statistics; in training mode it normalizes with the batch's statistics
// (the legalization passes compute the updated running statistics
// separately). layer_norm becomes LayerNormalization from opset 17 and a
// decomposition below. group_norm becomes GroupNormalization from opset 21
// and InstanceNormalization over groups below it, instance_norm
// InstanceNormalization.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The per-channel parameter `param` (converted, null when None) cast to
/// `elementType`, or a constant of `channels` copies of `fill`.
Value getChannelParameter(ONNXBuilder &b, Value param, int64_t channels,
                          Type elementType, double fill) {
  if (param && isa<TensorType>(param.getType()))
    return b.cast(param, elementType);
  if (channels == ShapedType::kDynamic)
    return {};
  return b.splat(RankedTensorType::get({channels}, elementType), fill);
}

/// The converted value of optional tensor `torchValue`, null when None.
Value getOptional(Value torchValue, Value converted) {
  return isNone(torchValue) ? Value() : converted;
}

/// The number of channels (dim 1) of `input`, or of per-channel `params`.
int64_t getChannelCount(Value input, ArrayRef<Value> params) {
  std::optional<SmallVector<int64_t>> shape = getShape(input);
  if (shape && shape->size() >= 2 && (*shape)[1] != ShapedType::kDynamic)
    return (*shape)[1];
  for (Value param : params) {
    std::optional<SmallVector<int64_t>> paramShape =
        param ? getShape(param) : std::nullopt;
    if (paramShape && paramShape->size() == 1 &&
        (*paramShape)[0] != ShapedType::kDynamic)
      return (*paramShape)[0];
  }
  return ShapedType::kDynamic;
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

/// batch_norm and native_batch_norm, whose saved statistics are the batch's
/// mean and 1 / sqrt(var + eps) in training mode, and empty in eval mode,
/// as PyTorch's.
template <typename OpTy>
struct ConvertBatchNorm : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op->getResult(0));
    std::optional<bool> training = Torch::matchConstantBool(op.getTraining());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    std::optional<double> momentum = Torch::matchConstantFloat(op.getMomentum());
    if (!type || type.getRank() < 2 || !training || !eps)
      return rewriter.notifyMatchFailure(op, "unsupported batch_norm");

    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value input = b.cast(adaptor.getInput(), elementType);
    Value weight = getOptional(op.getWeight(), adaptor.getWeight());
    Value bias = getOptional(op.getBias(), adaptor.getBias());
    Value mean = getOptional(op.getRunningMean(), adaptor.getRunningMean());
    Value var = getOptional(op.getRunningVar(), adaptor.getRunningVar());
    int64_t channels = getChannelCount(input, {weight, bias, mean, var});
    weight = getChannelParameter(b, weight, channels, elementType, 1.0);
    bias = getChannelParameter(b, bias, channels, elementType, 0.0);
    if (!weight || !bias)
      return rewriter.notifyMatchFailure(op, "unknown channel count");

    if (*training) {
      // Normalize with the batch's mean and biased variance.
      SmallVector<int64_t> axes{0};
      for (int64_t d = 2; d < type.getRank(); ++d)
        axes.push_back(d);
      Value batchMean = b.reduce<ONNX::ReduceMeanOp>(input, axes, true);
      Value centered = b.binary<ONNX::SubOp>(input, batchMean);
      Value batchVar = b.reduce<ONNX::ReduceMeanOp>(
          b.binary<ONNX::MulOp>(centered, centered), axes, false);
      mean = b.reduce<ONNX::ReduceMeanOp>(input, axes, false);
      var = batchVar;
    } else {
      if (!mean || !var)
        return rewriter.notifyMatchFailure(
            op, "batch_norm in eval mode needs running statistics");
      mean = b.cast(mean, elementType);
      var = b.cast(var, elementType);
    }
    SmallVector<NamedAttribute> attrs{b.floatAttr("epsilon", *eps)};
    if (momentum)
      attrs.push_back(b.floatAttr("momentum", 1.0 - *momentum));
    if (this->opset >= 14)
      attrs.push_back(b.intAttr("training_mode", 0));
    Type none = rewriter.getNoneType();
    Value result = b.createOp<ONNX::BatchNormalizationOp>(
                        TypeRange{type, none, none},
                        {input, weight, bias, mean, var}, attrs)
                       ->getResult(0);
    SmallVector<Value> results{result};
    for (auto [i, extra] : llvm::enumerate(op->getResults().drop_front())) {
      if (extra.use_empty())
        results.push_back(b.none());
      else if (!*training)
        results.push_back(
            b.splat(RankedTensorType::get({0}, elementType), 0.0));
      else if (i == 0)
        results.push_back(mean);
      else
        results.push_back(b.unary<ONNX::ReciprocalOp>(b.unary<ONNX::SqrtOp>(
            b.binary<ONNX::AddOp>(var, b.scalar(elementType, *eps)))));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Layer normalization
//===----------------------------------------------------------------------===//

/// The normalized `input` over its last dims from `axis` (non-negative),
/// with its mean and standard deviation (kept dims), built from reductions.
struct Normalized {
  Value output, mean, stdDev;
};

Normalized normalizeOverTrailingDims(ONNXBuilder &b, Value input, int64_t axis,
                                     double eps) {
  int64_t rank = *getRank(input);
  SmallVector<int64_t> axes;
  for (int64_t d = axis; d < rank; ++d)
    axes.push_back(d);
  Type elementType = getElementType(input);
  Value mean = b.reduce<ONNX::ReduceMeanOp>(input, axes, true);
  Value centered = b.binary<ONNX::SubOp>(input, mean);
  Value variance = b.reduce<ONNX::ReduceMeanOp>(
      b.binary<ONNX::MulOp>(centered, centered), axes, true);
  Value stdDev = b.unary<ONNX::SqrtOp>(
      b.binary<ONNX::AddOp>(variance, b.scalar(elementType, eps)));
  Value output = b.binary<ONNX::DivOp>(centered, stdDev);
  return {output, mean, stdDev};
}

/// layer_norm and native_layer_norm.
template <typename OpTy>
struct ConvertLayerNorm : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op->getResult(0));
    std::optional<SmallVector<int64_t>> normalizedShape =
        Torch::matchConstantIntList(op.getNormalizedShape());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!type || !normalizedShape || !eps ||
        normalizedShape->size() > static_cast<size_t>(type.getRank()))
      return rewriter.notifyMatchFailure(op, "unsupported layer_norm");
    int64_t axis = type.getRank() - normalizedShape->size();
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value input = b.cast(adaptor.getInput(), elementType);
    Value weight = getOptional(op.getWeight(), adaptor.getWeight());
    Value bias = getOptional(op.getBias(), adaptor.getBias());
    if (weight)
      weight = b.cast(weight, elementType);
    if (bias)
      bias = b.cast(bias, elementType);

    // Mean and rstd of native_layer_norm, when used.
    bool needsStatistics = op->getNumResults() > 1 &&
                           llvm::any_of(op->getResults().drop_front(),
                                        [](Value v) { return !v.use_empty(); });
    SmallVector<Value> results;
    if (this->opset >= 17) {
      if (!weight)
        weight =
            b.splat(RankedTensorType::get(*normalizedShape, elementType), 1.0);
      SmallVector<int64_t> statShape(type.getShape());
      for (int64_t d = axis; d < type.getRank(); ++d)
        statShape[d] = 1;
      auto statType = RankedTensorType::get(statShape, elementType);
      Type none = rewriter.getNoneType();
      auto layerNorm = b.createOp<ONNX::LayerNormalizationOp>(
          needsStatistics ? TypeRange{type, statType, statType}
                          : TypeRange{type, none, none},
          {input, weight, bias ? bias : b.none()},
          {b.intAttr("axis", axis), b.floatAttr("epsilon", *eps)});
      results.append(layerNorm->getResults().begin(),
                     layerNorm->getResults().end());
    } else {
      Normalized normalized = normalizeOverTrailingDims(b, input, axis, *eps);
      Value output = normalized.output;
      if (weight)
        output = b.binary<ONNX::MulOp>(output, weight);
      if (bias)
        output = b.binary<ONNX::AddOp>(output, bias);
      results.push_back(output);
      if (needsStatistics) {
        results.push_back(normalized.mean);
        results.push_back(b.unary<ONNX::ReciprocalOp>(normalized.stdDev));
      }
    }
    results.resize(op->getNumResults());
    for (Value &result : results)
      if (!result)
        result = b.none();
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Group and instance normalization
//===----------------------------------------------------------------------===//

/// The opset whose GroupNormalization scales and shifts per channel, as
/// PyTorch does (GroupNormalization-18 did it per group).
constexpr int64_t kGroupNormalizationOpset = 21;

/// `input` [N, C, *] normalized over groups of channels: GroupNormalization
/// from opset 21 when the channel count is known; else reshaped to
/// [N, groups, -1], InstanceNormalization with unit scale, reshaped back,
/// then scaled and shifted per channel.
Value createGroupNorm(ONNXBuilder &b, RankedTensorType type, Value input,
                      int64_t groups, Value weight, Value bias, double eps) {
  Type elementType = type.getElementType();
  int64_t channels = getChannelCount(input, {weight, bias});
  if (b.getTargetOpset() >= kGroupNormalizationOpset &&
      channels != ShapedType::kDynamic) {
    return b.create<ONNX::GroupNormalizationOp>(
        type,
        {input, getChannelParameter(b, weight, channels, elementType, 1.0),
         getChannelParameter(b, bias, channels, elementType, 0.0)},
        {b.floatAttr("epsilon", eps), b.intAttr("num_groups", groups)});
  }
  Value grouped = b.reshape(input, {0, groups, -1});
  auto unitType = RankedTensorType::get({groups}, elementType);
  Value normalized = b.create<ONNX::InstanceNormalizationOp>(
      grouped.getType(),
      {grouped, b.splat(unitType, 1.0), b.splat(unitType, 0.0)},
      {b.floatAttr("epsilon", eps)});
  Value output =
      type.hasStaticShape()
          ? b.reshape(normalized, type.getShape(), type)
          : b.create<ONNX::ReshapeOp>(type, {normalized, b.shapeOf(input)});
  // Per-channel parameters broadcast along dim 1.
  SmallVector<int64_t> paramShape{-1};
  paramShape.append(type.getRank() - 2, 1);
  if (weight)
    output = b.binary<ONNX::MulOp>(output, b.reshape(weight, paramShape));
  if (bias)
    output = b.binary<ONNX::AddOp>(output, b.reshape(bias, paramShape));
  return output;
}

/// group_norm(input, num_groups, weight, bias, eps, cudnn_enabled).
struct ConvertGroupNorm : public ONNXConversionPattern<Torch::AtenGroupNormOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenGroupNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<int64_t> groups = Torch::matchConstantInt(op.getNumGroups());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!type || type.getRank() < 2 || !groups || !eps)
      return rewriter.notifyMatchFailure(op, "unsupported group_norm");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value weight = getOptional(op.getWeight(), adaptor.getWeight());
    Value bias = getOptional(op.getBias(), adaptor.getBias());
    rewriter.replaceOp(
        op,
        createGroupNorm(b, type, b.cast(adaptor.getInput(), elementType),
                        *groups, weight ? b.cast(weight, elementType) : Value(),
                        bias ? b.cast(bias, elementType) : Value(), *eps));
    return success();
  }
};

/// The mean and reciprocal standard deviation of `input` [N, C, *] over
/// each of `groups` groups of channels, both [N, groups].
std::pair<Value, Value> createGroupStatistics(ONNXBuilder &b, Value input,
                                              int64_t groups, double eps) {
  Value grouped = b.reshape(input, {0, groups, -1});
  Value mean = b.reduce<ONNX::ReduceMeanOp>(grouped, {2}, true);
  Value centered = b.binary<ONNX::SubOp>(grouped, mean);
  Value variance = b.reduce<ONNX::ReduceMeanOp>(
      b.binary<ONNX::MulOp>(centered, centered), {2}, false);
  Type elementType = getElementType(input);
  Value rstd = b.unary<ONNX::ReciprocalOp>(b.unary<ONNX::SqrtOp>(
      b.binary<ONNX::AddOp>(variance, b.scalar(elementType, eps))));
  return {b.squeeze(mean, {2}), rstd};
}

/// native_group_norm: the output, and the mean and rstd of each group when
/// they are used.
struct ConvertNativeGroupNorm
    : public ONNXConversionPattern<Torch::AtenNativeGroupNormOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenNativeGroupNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult0());
    std::optional<int64_t> groups = Torch::matchConstantInt(op.getGroup());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!type || type.getRank() < 2 || !groups || !eps)
      return rewriter.notifyMatchFailure(op, "unsupported native_group_norm");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value weight = getOptional(op.getWeight(), adaptor.getWeight());
    Value bias = getOptional(op.getBias(), adaptor.getBias());
    Value input = b.cast(adaptor.getInput(), elementType);
    Value output = createGroupNorm(
        b, type, input, *groups, weight ? b.cast(weight, elementType) : Value(),
        bias ? b.cast(bias, elementType) : Value(), *eps);
    if (op.getResult1().use_empty() && op.getResult2().use_empty()) {
      rewriter.replaceOp(op, {output, b.none(), b.none()});
      return success();
    }
    auto [mean, rstd] = createGroupStatistics(b, input, *groups, *eps);
    rewriter.replaceOp(op, {output, mean, rstd});
    return success();
  }
};

/// instance_norm with input statistics: InstanceNormalization.
struct ConvertInstanceNorm
    : public ONNXConversionPattern<Torch::AtenInstanceNormOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenInstanceNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<bool> useInputStats = Torch::matchConstantBool(op.getUseInputStats());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!type || type.getRank() < 3 || !eps || !useInputStats ||
        !*useInputStats)
      return rewriter.notifyMatchFailure(op, "unsupported instance_norm");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    Value input = b.cast(adaptor.getInput(), elementType);
    Value weight = getOptional(op.getWeight(), adaptor.getWeight());
    Value bias = getOptional(op.getBias(), adaptor.getBias());
    int64_t channels = getChannelCount(input, {weight, bias});
    weight = getChannelParameter(b, weight, channels, elementType, 1.0);
    bias = getChannelParameter(b, bias, channels, elementType, 0.0);
    if (!weight || !bias)
      return rewriter.notifyMatchFailure(op, "unknown channel count");
    rewriter.replaceOp(
        op, b.create<ONNX::InstanceNormalizationOp>(
                type, {input, weight, bias}, {b.floatAttr("epsilon", *eps)}));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateNormalizationPatterns(TypeConverter &typeConverter,
                                                  RewritePatternSet &patterns,
                                                  int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertBatchNorm<AtenBatchNormOp>,
              ConvertBatchNorm<AtenNativeBatchNormOp>,
              ConvertLayerNorm<AtenLayerNormOp>,
              ConvertLayerNorm<AtenNativeLayerNormOp>, ConvertGroupNorm,
              ConvertNativeGroupNorm, ConvertInstanceNorm>(typeConverter,
                                                           patterns, opset);
}
