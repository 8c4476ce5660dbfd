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
#include <cstdint>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_FUSECONVBATCHNORM
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// The f32 content of an initializer, read in place where it is stored
/// (readConstant expands a splat).
std::optional<ONNX::ConstantTensor> getInitializerData(Value value) {
  auto init = value.getDefiningOp<ONNX::InitializerOp>();
  if (!init || !init.getValue().getElementType().isF32())
    return std::nullopt;
  return ONNX::readConstant(init.getValue(), INT64_MAX);
}

/// The elements of f32 tensor `tensor`.
ArrayRef<float> asFloats(const ONNX::ConstantTensor &tensor) {
  ArrayRef<char> bytes = tensor.getData();
  return ArrayRef<float>(reinterpret_cast<const float *>(bytes.data()),
                         bytes.size() / sizeof(float));
}

struct FuseConvBatchNormPattern : public RewritePattern {
  FuseConvBatchNormPattern(MLIRContext *context,
                           const ONNX::BlobReleaser &releaser)
      : RewritePattern(ONNX::BatchNormalizationOp::getOperationName(), 1,
                       context),
        releaser(releaser) {}

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
    auto wData = getInitializerData(weight);
    auto scaleData = getInitializerData(bn->getOperand(1));
    auto shiftData = getInitializerData(bn->getOperand(2));
    auto meanData = getInitializerData(bn->getOperand(3));
    auto varData = getInitializerData(bn->getOperand(4));
    if (!wData || !scaleData || !shiftData || !meanData || !varData)
      return failure();
    ArrayRef<float> w = asFloats(*wData), scale = asFloats(*scaleData),
                    shift = asFloats(*shiftData), mean = asFloats(*meanData),
                    var = asFloats(*varData);
    auto weightType = cast<RankedTensorType>(weight.getType());
    int64_t channels = weightType.getDimSize(0);
    if (channels <= 0 || scale.size() != static_cast<size_t>(channels) ||
        shift.size() != scale.size() || mean.size() != scale.size() ||
        var.size() != scale.size())
      return failure();
    SmallVector<float> bias(channels, 0.0f);
    bool hasBias = conv->getNumOperands() > 2 &&
                   !isa<NoneType>(conv->getOperand(2).getType());
    if (hasBias) {
      auto b = getInitializerData(conv->getOperand(2));
      if (!b || asFloats(*b).size() != static_cast<size_t>(channels))
        return failure();
      bias.assign(asFloats(*b).begin(), asFloats(*b).end());
    }
    float epsilon = 1e-5f;
    if (auto eps = bn->getAttrOfType<FloatAttr>("epsilon"))
      epsilon = eps.getValueAsDouble();

    // A weight that only this conv uses, in a blob that may be written, is
    // fused in place. Otherwise the fused weight is computed straight into
    // the buffer that its blob takes over, so the old weight is read once
    // and never copied.
    std::optional<MutableArrayRef<char>> inPlace;
    if (auto resource =
            dyn_cast<DenseResourceElementsAttr>(weightInit.getValue()))
      inPlace = releaser.getWritableData(weightInit, resource);
    ONNX::ByteBuffer fusedBytes(inPlace ? 0 : w.size() * sizeof(float));
    auto *fusedData = reinterpret_cast<float *>(inPlace ? inPlace->data()
                                                        : fusedBytes.data());
    int64_t perChannel = weightType.getNumElements() / channels;
    for (int64_t c = 0; c < channels; ++c) {
      float s = scale[c] / std::sqrt(var[c] + epsilon);
      for (int64_t i = 0; i < perChannel; ++i)
        fusedData[c * perChannel + i] = w[c * perChannel + i] * s;
      bias[c] = (bias[c] - mean[c]) * s + shift[c];
    }

    rewriter.setInsertionPoint(conv);
    // A weight that other ops still use keeps its name; the fused one gets
    // a new name.
    std::string weightName = weightInit.getName().str();
    if (!weight.hasOneUse())
      weightName += ".fused";
    Value newWeight = weight;
    if (!inPlace)
      newWeight = ONNX::InitializerOp::create(
          rewriter, weight.getLoc(), weightName,
          ONNX::makeElementsAttr(weightType, std::move(fusedBytes),
                                 weightName));
    auto biasType = RankedTensorType::get({channels}, rewriter.getF32Type());
    std::string biasName = weightName + ".fused_bias";
    if (hasBias)
      if (auto biasInit =
              conv->getOperand(2).getDefiningOp<ONNX::InitializerOp>())
        biasName = biasInit.getName().str() +
                   (conv->getOperand(2).hasOneUse() ? "" : ".fused");
    ArrayRef<char> biasBytes(reinterpret_cast<const char *>(bias.data()),
                             bias.size() * sizeof(float));
    auto newBias = ONNX::InitializerOp::create(
        rewriter, conv.getLoc(), biasName,
        ONNX::makeElementsAttr(biasType, biasBytes, biasName));

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
    if (!inPlace && weightInit->use_empty())
      rewriter.eraseOp(weightInit);
    if (oldBias && oldBias != weightInit && oldBias->use_empty())
      rewriter.eraseOp(oldBias);
    return success();
  }

private:
  const ONNX::BlobReleaser &releaser;
};

struct FuseConvBatchNorm
    : public ONNX::impl::FuseConvBatchNormBase<FuseConvBatchNorm> {
  void runOnOperation() override {
    ONNX::BlobReleaser releaser(getOperation());
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseConvBatchNormPattern>(&getContext(), releaser);
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setListener(&releaser))))
      signalPassFailure();
  }
};
} // namespace
