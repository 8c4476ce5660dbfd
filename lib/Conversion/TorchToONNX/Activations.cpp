//===- Activations.cpp - Activation functions, softmax, dropout to ONNX ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Activations map to their ONNX operator when the target opset has it and
// to a short decomposition otherwise (HardSwish comes in opset 14, Mish in
// 18, Gelu in 20). Dropout in eval mode forwards its input; in training
// mode it keeps the elements where a uniform draw reaches p.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// The converted result type and the input cast to its element type.
template <typename OpTy, typename AdaptorTy>
LogicalResult getUnaryOperands(OpTy op, AdaptorTy adaptor,
                               const TypeConverter *typeConverter,
                               ConversionPatternRewriter &rewriter,
                               TensorType &type, Value &input) {
  type = getConvertedTensorType(typeConverter, op->getResult(0));
  input = adaptor.getOperands()[0];
  if (!type || !isa<TensorType>(input.getType()))
    return rewriter.notifyMatchFailure(op, "unsupported types");
  input =
      ONNXBuilder(rewriter, op->getLoc()).cast(input, type.getElementType());
  return success(input != nullptr);
}

/// A constant float operand, or a match failure.
#define GET_CONSTANT_FLOAT(name, value)                                        \
  std::optional<double> name = Torch::matchConstantFloat(value);                        \
  if (!name)                                                                   \
    return rewriter.notifyMatchFailure(op, #name " must be a constant");

/// Activations that are one ONNX op, or a few: relu, sigmoid, tanh, silu,
/// mish, hardsigmoid, hardswish, selu, log_sigmoid, relu6.
enum class Activation {
  Relu,
  Relu6,
  Sigmoid,
  Tanh,
  Silu,
  Mish,
  HardSigmoid,
  HardSwish,
  Selu,
  LogSigmoid
};

template <typename OpTy, Activation Kind>
struct ConvertActivation : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, this->getTypeConverter(), rewriter,
                                type, x)))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    auto hardSigmoid = [&](Value v) {
      return b.create<ONNX::HardSigmoidOp>(
          type, v, {b.floatAttr("alpha", 1.0 / 6.0), b.floatAttr("beta", 0.5)});
    };
    Value result;
    switch (Kind) {
    case Activation::Relu:
      result = b.unary<ONNX::ReluOp>(x);
      break;
    case Activation::Relu6:
      result = b.create<ONNX::ClipOp>(
          type, {x, b.scalar(elementType, 0.0), b.scalar(elementType, 6.0)});
      break;
    case Activation::Sigmoid:
      result = b.unary<ONNX::SigmoidOp>(x);
      break;
    case Activation::Tanh:
      result = b.unary<ONNX::TanhOp>(x);
      break;
    case Activation::Silu:
      result = b.create<ONNX::MulOp>(type, {x, b.unary<ONNX::SigmoidOp>(x)});
      break;
    case Activation::Mish:
      if (this->opset >= 18)
        result = b.unary<ONNX::MishOp>(x);
      else
        result = b.create<ONNX::MulOp>(
            type, {x, b.unary<ONNX::TanhOp>(b.unary<ONNX::SoftplusOp>(x))});
      break;
    case Activation::HardSigmoid:
      result = hardSigmoid(x);
      break;
    case Activation::HardSwish:
      if (this->opset >= 14)
        result = b.unary<ONNX::HardSwishOp>(x);
      else
        result = b.create<ONNX::MulOp>(type, {x, hardSigmoid(x)});
      break;
    case Activation::Selu:
      result = b.unary<ONNX::SeluOp>(x);
      break;
    case Activation::LogSigmoid:
      result = b.unary<ONNX::NegOp>(
          b.unary<ONNX::SoftplusOp>(b.unary<ONNX::NegOp>(x)));
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// gelu: exact (Erf) or tanh approximation; ONNX Gelu from opset 20, its
/// decomposition below.
struct ConvertGelu : public ONNXConversionPattern<Torch::AtenGeluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenGeluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    auto approximate =
        op.getApproximate().getDefiningOp<Torch::ConstantStrOp>();
    if (!approximate ||
        (approximate.getValue() != "none" && approximate.getValue() != "tanh"))
      return rewriter.notifyMatchFailure(op, "unknown approximation");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.gelu(x, approximate.getValue() == "tanh"));
    return success();
  }
};

/// leaky_relu: LeakyRelu.
struct ConvertLeakyRelu : public ONNXConversionPattern<Torch::AtenLeakyReluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenLeakyReluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    GET_CONSTANT_FLOAT(slope, op.getNegativeSlope());
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.create<ONNX::LeakyReluOp>(
                               type, x, {b.floatAttr("alpha", *slope)}));
    return success();
  }
};

/// elu with unit scales: Elu.
struct ConvertElu : public ONNXConversionPattern<Torch::AtenEluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenEluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    GET_CONSTANT_FLOAT(alpha, op.getAlpha());
    GET_CONSTANT_FLOAT(scale, op.getScale());
    GET_CONSTANT_FLOAT(inputScale, op.getInputScale());
    if (*scale != 1.0 || *inputScale != 1.0)
      return rewriter.notifyMatchFailure(op, "elu with non-unit scales");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, b.create<ONNX::EluOp>(type, x, {b.floatAttr("alpha", *alpha)}));
    return success();
  }
};

/// celu: Celu.
struct ConvertCelu : public ONNXConversionPattern<Torch::AtenCeluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenCeluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    GET_CONSTANT_FLOAT(alpha, op.getAlpha());
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, b.create<ONNX::CeluOp>(type, x, {b.floatAttr("alpha", *alpha)}));
    return success();
  }
};

/// hardtanh: Clip.
struct ConvertHardtanh : public ONNXConversionPattern<Torch::AtenHardtanhOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenHardtanhOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    GET_CONSTANT_FLOAT(minValue, op.getMinVal());
    GET_CONSTANT_FLOAT(maxValue, op.getMaxVal());
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    rewriter.replaceOp(
        op, b.create<ONNX::ClipOp>(type, {x, b.scalar(elementType, *minValue),
                                          b.scalar(elementType, *maxValue)}));
    return success();
  }
};

/// softplus: Softplus, scaled by beta; x itself where x * beta passes the
/// threshold. Past PyTorch's default threshold, 20, softplus equals its
/// input within float precision, so that Where is left out.
struct ConvertSoftplus : public ONNXConversionPattern<Torch::AtenSoftplusOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSoftplusOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    GET_CONSTANT_FLOAT(beta, op.getBeta());
    GET_CONSTANT_FLOAT(threshold, op.getThreshold());
    ONNXBuilder b(rewriter, op.getLoc());
    Value betaTensor = b.scalar(type.getElementType(), *beta);
    Value scaled =
        *beta == 1.0 ? x : b.create<ONNX::MulOp>(type, {x, betaTensor});
    Value result = b.unary<ONNX::SoftplusOp>(scaled);
    if (*beta != 1.0)
      result = b.create<ONNX::DivOp>(type, {result, betaTensor});
    if (*threshold < 20.0) {
      Value above = b.binary<ONNX::GreaterOp>(
          scaled, b.scalar(type.getElementType(), *threshold),
          rewriter.getI1Type());
      result = b.create<ONNX::WhereOp>(type, {above, x, result});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// threshold: Where(x > threshold, x, value).
struct ConvertThreshold : public ONNXConversionPattern<Torch::AtenThresholdOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenThresholdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    Type elementType = type.getElementType();
    FailureOr<Value> threshold = getScalarAsTensor(
        rewriter, op.getLoc(), op.getThreshold(), elementType);
    FailureOr<Value> value =
        getScalarAsTensor(rewriter, op.getLoc(), op.getValue(), elementType);
    if (failed(threshold) || failed(value))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    Value above = b.create<ONNX::GreaterOp>(type.clone(rewriter.getI1Type()),
                                            {x, *threshold});
    rewriter.replaceOp(op, b.create<ONNX::WhereOp>(type, {above, x, *value}));
    return success();
  }
};

/// hardshrink and softshrink: Shrink.
template <typename OpTy, bool IsSoft>
struct ConvertShrink : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, this->getTypeConverter(), rewriter,
                                type, x)))
      return failure();
    GET_CONSTANT_FLOAT(lambda, op.getLambd());
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.create<ONNX::ShrinkOp>(
                               type, x,
                               {b.floatAttr("lambd", *lambda),
                                b.floatAttr("bias", IsSoft ? *lambda : 0.0)}));
    return success();
  }
};

/// prelu: PRelu, with the per-channel weight shaped to broadcast along dim 1.
struct ConvertPrelu : public ONNXConversionPattern<Torch::AtenPreluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenPreluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, getTypeConverter(), rewriter, type,
                                x)))
      return failure();
    ONNXBuilder b(rewriter, op.getLoc());
    Value weight = b.cast(adaptor.getWeight(), type.getElementType());
    std::optional<SmallVector<int64_t>> weightShape = getShape(weight);
    std::optional<int64_t> rank = getRank(x);
    if (!weightShape || !rank)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    if (weightShape->size() == 1 && (*weightShape)[0] != 1 && *rank > 2) {
      SmallVector<int64_t> shape{(*weightShape)[0]};
      shape.append(*rank - 2, 1);
      weight = b.reshape(weight, shape);
    }
    rewriter.replaceOp(op, b.create<ONNX::PReluOp>(type, {x, weight}));
    return success();
  }
};

/// glu: the first half of `dim` times the sigmoid of the second half.
struct ConvertGlu : public ONNXConversionPattern<Torch::AtenGluOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenGluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value x = adaptor.getSelf();
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!type || !dim || !isa<RankedTensorType>(x.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t axis = normalizeDim(*dim, type.getRank());
    ONNXBuilder b(rewriter, op.getLoc());
    auto split = b.createOp<ONNX::SplitOp>(TypeRange{type, type}, {x, b.none()},
                                           {b.intAttr("axis", axis)});
    Value gate = b.unary<ONNX::SigmoidOp>(split.getResult(1));
    rewriter.replaceOp(op,
                       b.create<ONNX::MulOp>(type, {split.getResult(0), gate}));
    return success();
  }
};

/// softmax, log_softmax and their underscore forms: Softmax/LogSoftmax on
/// the input cast to the result's element type.
template <typename OpTy, typename ONNXOpTy>
struct ConvertSoftmax : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type;
    Value x;
    if (failed(getUnaryOperands(op, adaptor, this->getTypeConverter(), rewriter,
                                type, x)))
      return failure();
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> rank = getRank(x);
    if (!dim || !rank || !isValidDim(*dim, std::max<int64_t>(*rank, 1)))
      return rewriter.notifyMatchFailure(op, "unknown dim");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op,
        b.create<ONNXOpTy>(
            type, x,
            {b.intAttr("axis", *rank == 0 ? 0 : normalizeDim(*dim, *rank))}));
    return success();
  }
};

/// dropout and its variants outside training: the input itself.
template <typename OpTy>
struct ConvertEvalDropout : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<bool> train = Torch::matchConstantBool(op.getTrain());
    std::optional<double> p = Torch::matchConstantFloat(op.getP());
    if ((!train || *train) && (!p || *p != 0.0))
      return rewriter.notifyMatchFailure(op, "dropout in training mode");
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

/// dropout(input, p, train=true): each element zeroed with probability p,
/// the others scaled by 1 / (1 - p), through a uniform draw compared with p.
/// Not ONNX's Dropout with training_mode: onnxruntime's graph optimizations
/// remove Dropout nodes whatever their training_mode. p = 1 is input * 0,
/// as PyTorch computes it.
struct ConvertTrainingDropout
    : public ONNXConversionPattern<Torch::AtenDropoutOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenDropoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<bool> train = Torch::matchConstantBool(op.getTrain());
    std::optional<double> p = Torch::matchConstantFloat(op.getP());
    auto type = getConvertedTensorType(getTypeConverter(), op.getResult());
    if (!train || !*train || !p || *p == 0.0)
      return failure();
    Value input = adaptor.getInput();
    if (!type || !isFloatType(type.getElementType()) || *p < 0.0 ||
        *p > 1.0 || getElementType(input) != type.getElementType())
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type elementType = type.getElementType();
    if (*p == 1.0) {
      rewriter.replaceOp(
          op, b.binary<ONNX::MulOp>(input, b.scalar(elementType, 0.0)));
      return success();
    }
    auto inputType = cast<TensorType>(input.getType());
    Value uniform = b.create<ONNX::RandomUniformLikeOp>(
        inputType, input,
        {b.intAttr("dtype", *getONNXDataType(elementType)),
         b.floatAttr("low", 0.0), b.floatAttr("high", 1.0)});
    Value kept = b.binary<ONNX::GreaterOrEqualOp>(
        uniform, b.scalar(elementType, *p), rewriter.getI1Type());
    Value scaled =
        b.binary<ONNX::MulOp>(input, b.scalar(elementType, 1.0 / (1.0 - *p)));
    rewriter.replaceOp(op, b.create<ONNX::WhereOp>(
                               inputType, {kept, scaled,
                                           b.scalar(elementType, 0.0)}));
    return success();
  }
};

/// native_dropout outside training: the input and an all-true mask.
struct ConvertNativeDropout
    : public ONNXConversionPattern<Torch::AtenNativeDropoutOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenNativeDropoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<bool> train = Torch::matchConstantBool(op.getTrain());
    if (!isNone(op.getTrain()) && (!train || *train))
      return rewriter.notifyMatchFailure(op, "dropout in training mode");
    Value mask;
    if (!op.getResult(1).use_empty()) {
      auto maskType =
          getConvertedRankedType(getTypeConverter(), op.getResult(1));
      if (!maskType)
        return rewriter.notifyMatchFailure(op, "unsupported mask type");
      ONNXBuilder b(rewriter, op.getLoc());
      Value shape = b.shapeOf(adaptor.getInput());
      mask = b.constantOfShape(shape, maskType, 1.0);
    }
    rewriter.replaceOp(op, {adaptor.getInput(), mask});
    return success();
  }
};

#undef GET_CONSTANT_FLOAT

} // namespace

void torch_to_onnx::populateActivationPatterns(TypeConverter &typeConverter,
                                               RewritePatternSet &patterns,
                                               int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertActivation<AtenReluOp, Activation::Relu>,
              ConvertActivation<AtenRelu6Op, Activation::Relu6>,
              ConvertActivation<AtenSigmoidOp, Activation::Sigmoid>,
              ConvertActivation<AtenTanhOp, Activation::Tanh>,
              ConvertActivation<AtenSiluOp, Activation::Silu>,
              ConvertActivation<AtenMishOp, Activation::Mish>,
              ConvertActivation<AtenHardsigmoidOp, Activation::HardSigmoid>,
              ConvertActivation<AtenHardswishOp, Activation::HardSwish>,
              ConvertActivation<AtenSeluOp, Activation::Selu>,
              ConvertActivation<AtenLogSigmoidOp, Activation::LogSigmoid>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertGelu, ConvertLeakyRelu, ConvertElu, ConvertCelu,
              ConvertHardtanh, ConvertSoftplus, ConvertThreshold,
              ConvertShrink<AtenHardshrinkOp, false>,
              ConvertShrink<AtenSoftshrinkOp, true>, ConvertPrelu, ConvertGlu>(
      typeConverter, patterns, opset);
  addPatterns<ConvertSoftmax<AtenSoftmaxIntOp, ONNX::SoftmaxOp>,
              ConvertSoftmax<Aten_SoftmaxOp, ONNX::SoftmaxOp>,
              ConvertSoftmax<AtenLogSoftmaxIntOp, ONNX::LogSoftmaxOp>,
              ConvertSoftmax<Aten_LogSoftmaxOp, ONNX::LogSoftmaxOp>>(
      typeConverter, patterns, opset);
  addPatterns<ConvertEvalDropout<AtenDropoutOp>,
              ConvertEvalDropout<AtenFeatureDropoutOp>,
              ConvertEvalDropout<AtenAlphaDropoutOp>,
              ConvertEvalDropout<AtenFeatureAlphaDropoutOp>,
              ConvertNativeDropout, ConvertTrainingDropout>(typeConverter,
                                                            patterns, opset);
}
