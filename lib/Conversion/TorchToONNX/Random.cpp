//===- Random.cpp - Random tensors to ONNX --------------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// rand, randn and their `_like` forms draw from ONNX's random ops: the
// `Like` forms when the shape comes from a tensor or is known only at run
// time. randint floors a uniform draw over [low, high); bernoulli compares a
// uniform draw with the probabilities. The draws follow onnxruntime's
// generator, not PyTorch's: a model gets values of the same distribution,
// never the same values.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

enum class Distribution { Uniform, Normal };

/// A draw from `distribution` (uniform over [low, high), or normal) of the
/// shape of `like`, a tensor, with result type `type`.
Value drawLike(ONNXBuilder &b, Distribution distribution, Value like,
               TensorType type, double low = 0.0, double high = 1.0) {
  Type floatType = isFloatType(type.getElementType())
                       ? type.getElementType()
                       : b.getBuilder().getF32Type();
  SmallVector<NamedAttribute> attrs{
      b.intAttr("dtype", *getONNXDataType(floatType))};
  TensorType drawType = type.clone(floatType);
  if (distribution == Distribution::Normal)
    return b.create<ONNX::RandomNormalLikeOp>(drawType, like, attrs);
  attrs.push_back(b.floatAttr("low", low));
  attrs.push_back(b.floatAttr("high", high));
  return b.create<ONNX::RandomUniformLikeOp>(drawType, like, attrs);
}

/// rand_like and randn_like.
template <typename OpTy, Distribution Kind>
struct ConvertRandomLike : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type || !isFloatType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, drawLike(b, Kind, adaptor.getSelf(), type));
    return success();
  }
};

/// rand, randn, randint and randint.low of a size list.
template <typename OpTy, Distribution Kind>
struct ConvertRandom : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    constexpr bool isInt = std::is_same_v<OpTy, Torch::AtenRandintOp> ||
                           std::is_same_v<OpTy, Torch::AtenRandintLowOp>;
    std::optional<double> low = 0.0, high = 1.0;
    if constexpr (isInt) {
      high = Torch::matchConstantFloat(op.getHigh());
      if constexpr (std::is_same_v<OpTy, Torch::AtenRandintLowOp>)
        low = Torch::matchConstantFloat(op.getLow());
      if (!low || !high)
        return rewriter.notifyMatchFailure(op, "non-constant bounds");
    } else if (!isFloatType(type.getElementType())) {
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    }
    FailureOr<Value> shape =
        getIntListAsTensor(rewriter, op.getLoc(), op.getSize());
    if (failed(shape))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    // Zeros of the size list's shape, to draw like.
    Value zeros = b.constantOfShape(
        *shape, type.clone(rewriter.getF32Type()), 0.0);
    Value draw = drawLike(b, Kind, zeros, type, *low, *high);
    if (isInt)
      draw = b.cast(b.unary<ONNX::FloorOp>(draw), type.getElementType());
    rewriter.replaceOp(op, draw);
    return success();
  }
};

/// bernoulli(p) and bernoulli.p(self, p): a uniform draw below p.
template <typename OpTy>
struct ConvertBernoulli : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type || !isNone(op.getGenerator()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value self = adaptor.getSelf();
    TensorType drawType = cast<TensorType>(self.getType());
    Value probability = self;
    if constexpr (std::is_same_v<OpTy, Torch::AtenBernoulliPOp>) {
      std::optional<double> p = Torch::matchConstantFloat(op.getP());
      if (!p)
        return rewriter.notifyMatchFailure(op, "non-constant p");
      probability = b.scalar(type.getElementType(), *p);
      drawType = drawType.clone(type.getElementType());
    }
    Value draw = drawLike(b, Distribution::Uniform, self, drawType);
    probability = b.cast(probability, getElementType(draw));
    Value below =
        b.binary<ONNX::LessOp>(draw, probability, rewriter.getI1Type());
    rewriter.replaceOp(op, b.cast(below, type.getElementType()));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateRandomPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertRandomLike<AtenRandLikeOp, Distribution::Uniform>,
              ConvertRandomLike<AtenRandnLikeOp, Distribution::Normal>,
              ConvertRandom<AtenRandOp, Distribution::Uniform>,
              ConvertRandom<AtenRandnOp, Distribution::Normal>,
              ConvertRandom<AtenRandintOp, Distribution::Uniform>,
              ConvertRandom<AtenRandintLowOp, Distribution::Uniform>,
              ConvertBernoulli<AtenBernoulliOp>,
              ConvertBernoulli<AtenBernoulliPOp>>(typeConverter, patterns,
                                                  opset);
}
