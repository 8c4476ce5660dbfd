//===- Random.cpp - Random tensors to ONNX --------------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// rand, randn and their `_like` forms draw from ONNX's random ops: the
// `Like` forms when the shape comes from a tensor or is known only at run
// time. randint floors a uniform draw over [low, high), clamped below high;
// bernoulli compares a uniform draw with the probabilities; normal scales
// and shifts a standard normal draw; multinomial without replacement takes
// the top k of the log probabilities plus Gumbel noise. The draws follow
// onnxruntime's generator, not PyTorch's: a model gets values of the same
// distribution, never the same values.
//
// normal's overloads, randint_like and the value form of normal_ have no
// generated op: they are matched as `torch.operator` by name.
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

/// An integer draw over [low, high) from uniform draw `draw` over the same
/// range: floored, and at most high - 1, for a float draw can round up to
/// `high` itself.
Value floorDraw(ONNXBuilder &b, Value draw, double high, Type elementType) {
  Value floored = b.unary<ONNX::FloorOp>(draw);
  Value last = b.scalar(getElementType(draw), high - 1);
  return b.cast(b.binary<ONNX::MinOp>(floored, last), elementType);
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
      draw = floorDraw(b, draw, *high, type.getElementType());
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

/// The operator name of `op` if it is one of `names`, else an empty string.
StringRef matchOperatorName(Torch::OperatorOp op,
                            ArrayRef<StringRef> names) {
  StringRef name = op.getName();
  return llvm::is_contained(names, name) ? name : StringRef();
}

/// normal(mean, std) in its overloads, which have no generated op:
/// `aten::normal.Tensor_Tensor`, `.Tensor_float` and `.float_Tensor` (mean
/// and std broadcast), `.float_float` (of a size list) and `aten::normal`,
/// the value form of `normal_(self, mean, std)` (of self's shape): mean +
/// std * a standard normal draw.
struct ConvertNormal : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = matchOperatorName(
        op, {"aten::normal.Tensor_Tensor", "aten::normal.Tensor_float",
             "aten::normal.float_Tensor", "aten::normal.float_float",
             "aten::normal"});
    if (name.empty())
      return failure();
    bool fromSize = name == "aten::normal.float_float";
    bool inPlace = name == "aten::normal";
    // Operands: [self,] mean, std, [size,] generator, ...
    unsigned first = inPlace ? 1 : 0;
    unsigned generator = first + (fromSize ? 3 : 2);
    if (op->getNumResults() != 1 || op->getNumOperands() <= generator ||
        !isNone(op->getOperand(generator)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    TensorType type = getConvertedTensorType(getTypeConverter(),
                                             op.getResult(0));
    if (!type || !isFloatType(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Type elementType = type.getElementType();
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getOperands();
    FailureOr<Value> mean = getOperandAs(
        rewriter, loc, op->getOperand(first), operands[first], elementType);
    FailureOr<Value> std =
        getOperandAs(rewriter, loc, op->getOperand(first + 1),
                     operands[first + 1], elementType);
    if (failed(mean) || failed(std))
      return rewriter.notifyMatchFailure(op, "unsupported mean or std");
    ONNXBuilder b(rewriter, loc);
    // A tensor of the result's shape to draw like.
    Value like;
    if (inPlace) {
      like = operands[0];
    } else if (fromSize) {
      FailureOr<Value> shape =
          getIntListAsTensor(rewriter, loc, op->getOperand(2));
      if (failed(shape))
        return rewriter.notifyMatchFailure(op, "unsupported size");
      like = b.constantOfShape(*shape, type, 0.0);
    } else {
      // The tensor operand, or the broadcast of both.
      bool meanIsTensor =
          isa<Torch::BaseTensorType>(op->getOperand(0).getType());
      bool stdIsTensor =
          isa<Torch::BaseTensorType>(op->getOperand(1).getType());
      like = meanIsTensor && stdIsTensor ? b.binary<ONNX::AddOp>(*mean, *std)
             : meanIsTensor              ? *mean
                                         : *std;
    }
    if (!isa<TensorType>(like.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    Value draw = drawLike(b, Distribution::Normal, like,
                          cast<TensorType>(like.getType()).clone(elementType));
    Value scaled = b.binary<ONNX::MulOp>(draw, *std);
    rewriter.replaceOp(op, b.binary<ONNX::AddOp>(scaled, *mean));
    return success();
  }
};

/// randint_like(self, high, ...) and randint_like.low_dtype(self, low, high,
/// ...), which have no generated op: a uniform draw over [low, high) of
/// self's shape, floored.
struct ConvertRandintLike : public ONNXConversionPattern<Torch::OperatorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = matchOperatorName(
        op, {"aten::randint_like", "aten::randint_like.low_dtype"});
    if (name.empty())
      return failure();
    bool withLow = name == "aten::randint_like.low_dtype";
    if (op->getNumResults() != 1 || op->getNumOperands() < (withLow ? 3u : 2u))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    std::optional<double> low = 0.0;
    if (withLow)
      low = Torch::matchConstantFloat(op->getOperand(1));
    std::optional<double> high =
        Torch::matchConstantFloat(op->getOperand(withLow ? 2 : 1));
    TensorType type = getConvertedTensorType(getTypeConverter(),
                                             op.getResult(0));
    Value self = adaptor.getOperands()[0];
    if (!type || !low || !high || *low >= *high || !self ||
        !isa<TensorType>(self.getType()))
      return rewriter.notifyMatchFailure(op, "non-constant bounds");
    ONNXBuilder b(rewriter, op.getLoc());
    Value draw =
        drawLike(b, Distribution::Uniform, self, type, *low, *high);
    rewriter.replaceOp(op, floorDraw(b, draw, *high, type.getElementType()));
    return success();
  }
};

/// multinomial(self, num_samples, replacement) of the probabilities [C] or
/// [B, C]: with replacement ONNX's Multinomial of their logs; without, the
/// top num_samples of the log probabilities plus Gumbel noise, which draws
/// the same distribution as drawing one class at a time.
struct ConvertMultinomial
    : public ONNXConversionPattern<Torch::AtenMultinomialOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenMultinomialOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value self = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(self);
    std::optional<int64_t> samples =
        Torch::matchConstantInt(op.getNumSamples());
    std::optional<bool> replacement =
        Torch::matchConstantBool(op.getReplacement());
    if (!type || !rank || (*rank != 1 && *rank != 2) || !samples ||
        *samples <= 0 || !replacement || !isNone(op.getGenerator()) ||
        !isFloatType(getElementType(self)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Type i64 = rewriter.getI64Type();
    Value logits = b.unary<ONNX::LogOp>(self);
    if (*replacement) {
      Value batched = *rank == 1 ? b.unsqueeze(logits, {0}) : logits;
      SmallVector<int64_t> shape = {
          cast<RankedTensorType>(batched.getType()).getDimSize(0), *samples};
      Value drawn = b.create<ONNX::MultinomialOp>(
          RankedTensorType::get(shape, i64), batched,
          {b.intAttr("sample_size", *samples),
           b.intAttr("dtype", *getONNXDataType(i64))});
      if (*rank == 1)
        drawn = b.squeeze(drawn, {0});
      rewriter.replaceOp(op, b.cast(drawn, type.getElementType()));
      return success();
    }
    // Gumbel noise, -log(-log(u)) for u uniform over (0, 1).
    auto drawType = cast<TensorType>(self.getType());
    Value uniform = drawLike(b, Distribution::Uniform, self, drawType);
    Value gumbel = b.unary<ONNX::NegOp>(b.unary<ONNX::LogOp>(
        b.unary<ONNX::NegOp>(b.unary<ONNX::LogOp>(uniform))));
    Value keys = b.binary<ONNX::AddOp>(logits, gumbel);
    auto topk = b.createOp<ONNX::TopKOp>(
        TypeRange{type.clone(getElementType(self)), type.clone(i64)},
        {keys, b.i64Tensor({*samples})},
        {b.intAttr("axis", *rank - 1), b.intAttr("largest", 1),
         b.intAttr("sorted", 1)});
    rewriter.replaceOp(op, b.cast(topk.getResult(1), type.getElementType()));
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
  addPatterns<ConvertNormal, ConvertRandintLike, ConvertMultinomial>(
      typeConverter, patterns, opset);
}
