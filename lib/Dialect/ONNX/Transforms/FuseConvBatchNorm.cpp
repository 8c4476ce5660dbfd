//===- FuseConvBatchNorm.cpp - Fold BatchNormalization into Conv ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "BlobReleaser.h"
#include "ConstantEvaluation.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_FUSECONVBATCHNORM
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

std::optional<SmallVector<float>>
mlir::torch_onnx::ONNX::getF32Values(ElementsAttr value) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.getElementType().isF32() || !type.hasStaticShape())
    return std::nullopt;
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    auto range = dense.getValues<float>();
    return SmallVector<float>(range.begin(), range.end());
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    ArrayRef<char> bytes = blob->getData();
    if (bytes.size() != type.getNumElements() * sizeof(float))
      return std::nullopt;
    SmallVector<float> values(type.getNumElements());
    std::memcpy(values.data(), bytes.data(), bytes.size());
    return values;
  }
  return std::nullopt;
}

namespace {

/// The f32 data of `value` when an onnx.Initializer defines it.
std::optional<SmallVector<float>> getInitializerData(Value value) {
  auto init = value.getDefiningOp<ONNX::InitializerOp>();
  if (!init)
    return std::nullopt;
  return ONNX::getF32Values(init.getValue());
}

struct FuseConvBatchNormPattern : public RewritePattern {
  FuseConvBatchNormPattern(MLIRContext *context)
      : RewritePattern(ONNX::BatchNormalizationOp::getOperationName(), 1,
                       context) {}

  LogicalResult matchAndRewrite(Operation *bn,
                                PatternRewriter &rewriter) const override {
    if (auto training = bn->getAttrOfType<IntegerAttr>("training_mode"))
      if (training.getInt() != 0)
        return failure();
    for (Value extra : bn->getResults().drop_front())
      if (!extra.use_empty())
        return failure();
    auto conv = bn->getOperand(0).getDefiningOp<ONNX::ConvOp>();
    if (!conv || !conv->getResult(0).hasOneUse())
      return failure();
    Value weight = conv->getOperand(1);
    auto weightInit = weight.getDefiningOp<ONNX::InitializerOp>();
    using Data = std::optional<SmallVector<float>>;
    Data w = getInitializerData(weight);
    Data scale = getInitializerData(bn->getOperand(1));
    Data shift = getInitializerData(bn->getOperand(2));
    Data mean = getInitializerData(bn->getOperand(3));
    Data var = getInitializerData(bn->getOperand(4));
    if (!w || !scale || !shift || !mean || !var)
      return failure();
    auto weightType = cast<RankedTensorType>(weight.getType());
    int64_t channels = weightType.getDimSize(0);
    if (channels <= 0 || scale->size() != static_cast<size_t>(channels) ||
        shift->size() != scale->size() || mean->size() != scale->size() ||
        var->size() != scale->size())
      return failure();
    SmallVector<float> bias(channels, 0.0f);
    bool hasBias = conv->getNumOperands() > 2 &&
                   !isa<NoneType>(conv->getOperand(2).getType());
    if (hasBias) {
      Data b = getInitializerData(conv->getOperand(2));
      if (!b || b->size() != static_cast<size_t>(channels))
        return failure();
      bias = *b;
    }
    float epsilon = 1e-5f;
    if (auto eps = bn->getAttrOfType<FloatAttr>("epsilon"))
      epsilon = eps.getValueAsDouble();

    int64_t perChannel = weightType.getNumElements() / channels;
    for (int64_t c = 0; c < channels; ++c) {
      float s = (*scale)[c] / std::sqrt((*var)[c] + epsilon);
      for (int64_t i = 0; i < perChannel; ++i)
        (*w)[c * perChannel + i] *= s;
      bias[c] = (bias[c] - (*mean)[c]) * s + (*shift)[c];
    }

    // Large data becomes resource blobs, which the context does not keep
    // for its lifetime as it does dense literals.
    auto asElements = [](RankedTensorType type, ArrayRef<float> values,
                         StringRef name) {
      ArrayRef<char> bytes(reinterpret_cast<const char *>(values.data()),
                           values.size() * sizeof(float));
      return ONNX::makeElementsAttr(type, bytes, name);
    };
    rewriter.setInsertionPoint(conv);
    // A weight that other ops still use keeps its name; the fused one gets
    // a new name.
    std::string weightName = weightInit.getName().str();
    if (!weight.hasOneUse())
      weightName += ".fused";
    auto newWeight =
        ONNX::InitializerOp::create(rewriter, weight.getLoc(), weightName,
                                    asElements(weightType, *w, weightName));
    auto biasType = RankedTensorType::get({channels}, rewriter.getF32Type());
    std::string biasName = weightName + ".fused_bias";
    if (hasBias)
      if (auto biasInit =
              conv->getOperand(2).getDefiningOp<ONNX::InitializerOp>())
        biasName = biasInit.getName().str() +
                   (conv->getOperand(2).hasOneUse() ? "" : ".fused");
    auto newBias =
        ONNX::InitializerOp::create(rewriter, conv.getLoc(), biasName,
                                    asElements(biasType, bias, biasName));

    SmallVector<Value> operands = {conv->getOperand(0), newWeight, newBias};
    auto fused = ONNX::ConvOp::create(rewriter, bn->getLoc(),
                                      TypeRange{bn->getResult(0).getType()},
                                      operands, conv->getAttrs());
    rewriter.replaceAllUsesWith(bn->getResult(0), fused->getResult(0));
    auto oldBias =
        hasBias ? conv->getOperand(2).getDefiningOp<ONNX::InitializerOp>()
                : ONNX::InitializerOp();
    rewriter.eraseOp(bn);
    rewriter.eraseOp(conv);
    // Erased at once, so that the listener releases the replaced weights
    // before the next fusion makes new ones.
    if (weightInit->use_empty())
      rewriter.eraseOp(weightInit);
    if (oldBias && oldBias != weightInit && oldBias->use_empty())
      rewriter.eraseOp(oldBias);
    return success();
  }
};

struct FuseConvBatchNorm
    : public ONNX::impl::FuseConvBatchNormBase<FuseConvBatchNorm> {
  void runOnOperation() override {
    ONNX::BlobReleaser releaser(getOperation());
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseConvBatchNormPattern>(&getContext());
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setListener(&releaser))))
      signalPassFailure();
  }
};
} // namespace
