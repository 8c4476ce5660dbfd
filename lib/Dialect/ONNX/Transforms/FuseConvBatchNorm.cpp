//===- FuseConvBatchNorm.cpp - Fold BatchNormalization into Conv ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

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

/// The f32 content of a small initializer, read in place where it is stored
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

/// Conv + BatchNormalization with constant statistics becomes a Conv whose
/// weight is `onnx.Mul(W, s)`, s = scale / sqrt(var + eps) per output
/// channel, and whose bias is (B - mean) * s + shift. The emitter writes
/// that Mul as the fused weight, multiplying as it writes
/// (DerivedInitializer.h), so W is never copied in memory.
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
    auto weightType = dyn_cast<RankedTensorType>(weight.getType());
    if (!weightInit || weightInit->getBlock() != conv->getBlock() ||
        !weightType || !weightType.hasStaticShape() ||
        !weightType.getElementType().isF32() || weightType.getRank() < 1)
      return failure();
    auto scaleData = getInitializerData(bn->getOperand(1));
    auto shiftData = getInitializerData(bn->getOperand(2));
    auto meanData = getInitializerData(bn->getOperand(3));
    auto varData = getInitializerData(bn->getOperand(4));
    if (!scaleData || !shiftData || !meanData || !varData)
      return failure();
    ArrayRef<float> scale = asFloats(*scaleData), shift = asFloats(*shiftData),
                    mean = asFloats(*meanData), var = asFloats(*varData);
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

    SmallVector<float> factors(channels);
    for (int64_t c = 0; c < channels; ++c) {
      factors[c] = scale[c] / std::sqrt(var[c] + epsilon);
      bias[c] = (bias[c] - mean[c]) * factors[c] + shift[c];
    }

    rewriter.setInsertionPoint(conv);
    std::string weightName = weightInit.getName().str();
    SmallVector<int64_t> factorShape(weightType.getRank(), 1);
    factorShape[0] = channels;
    auto factorType =
        RankedTensorType::get(factorShape, rewriter.getF32Type());
    std::string factorName = weightName + ".bn_scale";
    auto factorInit = ONNX::InitializerOp::create(
        rewriter, bn->getLoc(), factorName,
        ONNX::makeElementsAttr(
            factorType,
            ArrayRef<char>(reinterpret_cast<const char *>(factors.data()),
                           factors.size() * sizeof(float)),
            factorName));
    Value newWeight =
        ONNX::MulOp::create(rewriter, weight.getLoc(), TypeRange{weightType},
                            ValueRange{weight, factorInit},
                            ArrayRef<NamedAttribute>{})
            ->getResult(0);
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
    if (oldBias && oldBias->use_empty())
      rewriter.eraseOp(oldBias);
    return success();
  }
};

struct FuseConvBatchNorm
    : public ONNX::impl::FuseConvBatchNormBase<FuseConvBatchNorm> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseConvBatchNormPattern>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
