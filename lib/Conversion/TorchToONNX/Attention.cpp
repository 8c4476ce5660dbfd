//===- Attention.cpp - Attention and transformer layers to ONNX -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The fused attention ops of PyTorch's fast paths (nn.MultiheadAttention and
// nn.TransformerEncoderLayer in inference) and
// F.scaled_dot_product_attention are decomposed into MatMul, Add, Softmax,
// Transpose and Reshape. Layer normalization is
// LayerNormalization from opset 17 and ReduceMean arithmetic below it; the
// GELU of the feed-forward block is the exact, Erf-based one.
//
// Masks follow PyTorch: a mask is boolean (a float mask counts as true where
// it is non-zero), true marks a position that is left out of the softmax,
// and a row that is masked out entirely gives NaN.
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
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// PyTorch's `mask_type` for a key padding mask of shape [batch, source].
constexpr int64_t kKeyPaddingMask = 1;

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// The type of `MatMul(a, b)`: numpy matrix multiplication of ranked
/// operands of rank 2 or more, unranked otherwise.
TensorType getMatMulType(Value a, Value b) {
  Type elementType = getElementType(a);
  std::optional<SmallVector<int64_t>> shapeA = getShape(a);
  std::optional<SmallVector<int64_t>> shapeB = getShape(b);
  if (!shapeA || !shapeB || shapeA->size() < 2 || shapeB->size() < 2)
    return UnrankedTensorType::get(elementType);
  std::optional<SmallVector<int64_t>> batch = broadcastShapes(
      ArrayRef(*shapeA).drop_back(2), ArrayRef(*shapeB).drop_back(2));
  if (!batch)
    return UnrankedTensorType::get(elementType);
  SmallVector<int64_t> shape = std::move(*batch);
  shape.push_back((*shapeA)[shapeA->size() - 2]);
  shape.push_back(shapeB->back());
  return RankedTensorType::get(shape, elementType);
}

Value matmul(ONNXBuilder &b, Value x, Value y) {
  return b.create<ONNX::MatMulOp>(getMatMulType(x, y), {x, y});
}

/// `x @ weight^T + bias`, with `weight` of shape [out, in] as in nn.Linear.
Value linear(ONNXBuilder &b, Value x, Value weight, Value bias) {
  Value y = matmul(b, x, b.transpose(weight, {1, 0}));
  return b.binary<ONNX::AddOp>(y, bias);
}

/// The outputs of ONNX Split of `value` along `axis` into parts of `sizes`.
SmallVector<Value> split(ONNXBuilder &b, Value value, int64_t axis,
                         ArrayRef<int64_t> sizes) {
  std::optional<SmallVector<int64_t>> shape = getShape(value);
  SmallVector<Type> types;
  for (int64_t size : sizes) {
    if (!shape) {
      types.push_back(value.getType());
      continue;
    }
    SmallVector<int64_t> partShape = *shape;
    partShape[axis] = size;
    types.push_back(RankedTensorType::get(partShape, getElementType(value)));
  }
  auto op = b.createOp<ONNX::SplitOp>(types, {value, b.i64Tensor(sizes)},
                                      {b.intAttr("axis", axis)});
  return SmallVector<Value>(op->getResults());
}

/// Layer normalization of `x` over its last dim with epsilon `eps`; the
/// result has type `resultType` when given, else the type of `x`.
Value layerNorm(ONNXBuilder &b, int64_t opset, Value x, Value weight,
                Value bias, double eps, Type resultType = {}) {
  if (!resultType)
    resultType = x.getType();
  if (opset >= 17) {
    Type none = NoneType::get(b.getContext());
    auto op = b.createOp<ONNX::LayerNormalizationOp>(
        TypeRange{resultType, none, none}, {x, weight, bias},
        {b.intAttr("axis", -1), b.floatAttr("epsilon", eps)});
    return op->getResult(0);
  }
  Type elementType = getElementType(x);
  int64_t lastDim = *getRank(x) - 1;
  Value mean = b.reduce<ONNX::ReduceMeanOp>(x, {lastDim}, /*keepdims=*/true);
  Value centered = b.binary<ONNX::SubOp>(x, mean);
  Value variance = b.reduce<ONNX::ReduceMeanOp>(
      b.binary<ONNX::MulOp>(centered, centered), {lastDim}, /*keepdims=*/true);
  Value stddev = b.unary<ONNX::SqrtOp>(
      b.binary<ONNX::AddOp>(variance, b.scalar(elementType, eps)));
  Value normalized = b.binary<ONNX::DivOp>(centered, stddev);
  Value scaled = b.binary<ONNX::MulOp>(normalized, weight);
  return b.create<ONNX::AddOp>(resultType, {scaled, bias});
}

/// `mask` as a boolean tensor: a non-boolean mask is true where non-zero.
Value toBoolMask(ONNXBuilder &b, Value mask) {
  return b.cast(mask, IntegerType::get(b.getContext(), 1));
}

/// The softmax over `axis` of `scores` with the positions where boolean
/// `mask` is true left out.
Value maskedSoftmax(ONNXBuilder &b, Value scores, Value mask, int64_t axis,
                    Type resultType = {}) {
  if (!resultType)
    resultType = scores.getType();
  if (mask) {
    Value minusInf = b.scalar(getElementType(scores),
                              -std::numeric_limits<double>::infinity());
    scores =
        b.create<ONNX::WhereOp>(scores.getType(), {mask, minusInf, scores});
  }
  return b.create<ONNX::SoftmaxOp>(resultType, scores,
                                   {b.intAttr("axis", axis)});
}

//===----------------------------------------------------------------------===//
// Multi-head attention
//===----------------------------------------------------------------------===//

/// The operands of a multi-head attention with packed input projections,
/// converted.
struct AttentionOperands {
  Value query, key, value;
  int64_t embedDim = 0, numHeads = 0;
  Value qkvWeight, qkvBias, projWeight, projBias;
  /// A boolean mask, or null.
  Value mask;
  std::optional<int64_t> maskType;
};

/// The results of a multi-head attention: the projected output [batch,
/// target, embed] and the attention probabilities [batch, heads, target,
/// source].
struct AttentionResults {
  Value output, probabilities;
};

/// Checks the operands that PyTorch's fused attention requires: 3-D
/// batch-first inputs whose last dim is the embedding dim, divisible by the
/// number of heads.
LogicalResult verifyAttentionOperands(const AttentionOperands &operands,
                                      std::string &reason) {
  if (operands.numHeads <= 0 || operands.embedDim <= 0 ||
      operands.embedDim % operands.numHeads != 0) {
    reason = "the embedding dim is not a positive multiple of the heads";
    return failure();
  }
  for (Value input : {operands.query, operands.key, operands.value}) {
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    if (!shape || shape->size() != 3 || !isFloatType(getElementType(input))) {
      reason = "expected 3-D float inputs";
      return failure();
    }
    if (shape->back() != ShapedType::kDynamic &&
        shape->back() != operands.embedDim) {
      reason = "the input's last dim is not the embedding dim";
      return failure();
    }
  }
  for (Value weight : {operands.qkvWeight, operands.qkvBias,
                       operands.projWeight, operands.projBias})
    if (!getRank(weight)) {
      reason = "expected ranked weights";
      return failure();
    }
  return success();
}

/// `x` [batch, seq, embed] split into heads: [batch, heads, seq, head_dim],
/// or [batch, heads, head_dim, seq] when `transposed`.
Value splitHeads(ONNXBuilder &b, Value x, int64_t numHeads, int64_t headDim,
                 bool transposed) {
  Value heads = b.reshape(x, {0, 0, numHeads, headDim});
  if (transposed)
    return b.transpose(heads, {0, 2, 3, 1});
  return b.transpose(heads, {0, 2, 1, 3});
}

/// Multi-head attention as PyTorch's fused kernel computes it: the packed
/// projection of query, key and value, the scaled dot product per head,
/// the (masked) softmax, the merge of the heads and the output projection.
AttentionResults buildMultiHeadAttention(ONNXBuilder &b,
                                         const AttentionOperands &operands,
                                         Type outputType = {}) {
  int64_t embedDim = operands.embedDim;
  int64_t numHeads = operands.numHeads;
  int64_t headDim = embedDim / numHeads;
  Type elementType = getElementType(operands.query);

  Value q, k, v;
  if (operands.key == operands.query && operands.value == operands.query) {
    // Self attention: one projection of [batch, seq, 3 * embed].
    Value qkv = linear(b, operands.query, operands.qkvWeight, operands.qkvBias);
    SmallVector<Value> parts = split(b, qkv, 2, {embedDim, embedDim, embedDim});
    q = parts[0], k = parts[1], v = parts[2];
  } else {
    SmallVector<Value> weights =
        split(b, operands.qkvWeight, 0, {embedDim, embedDim, embedDim});
    SmallVector<Value> biases =
        split(b, operands.qkvBias, 0, {embedDim, embedDim, embedDim});
    q = linear(b, operands.query, weights[0], biases[0]);
    k = linear(b, operands.key, weights[1], biases[1]);
    v = linear(b, operands.value, weights[2], biases[2]);
  }

  // The query is scaled before the product, as PyTorch does.
  Value scale = b.scalar(elementType, 1.0 / std::sqrt(double(headDim)));
  Value qHeads = b.binary<ONNX::MulOp>(
      splitHeads(b, q, numHeads, headDim, /*transposed=*/false), scale);
  Value kHeads = splitHeads(b, k, numHeads, headDim, /*transposed=*/true);
  Value vHeads = splitHeads(b, v, numHeads, headDim, /*transposed=*/false);
  Value scores = matmul(b, qHeads, kHeads);

  Value mask = operands.mask;
  if (mask && getRank(mask) == 2 && operands.maskType == kKeyPaddingMask)
    mask = b.unsqueeze(mask, {1, 2});
  Value probabilities = maskedSoftmax(b, scores, mask, /*axis=*/3);

  Value context = b.transpose(matmul(b, probabilities, vHeads), {0, 2, 1, 3});
  Value merged = b.reshape(context, {0, 0, embedDim});
  Value projected = matmul(b, merged, b.transpose(operands.projWeight, {1, 0}));
  if (!outputType)
    outputType = getBroadcastType(projected, operands.projBias, elementType);
  Value output =
      b.create<ONNX::AddOp>(outputType, {projected, operands.projBias});
  return {output, probabilities};
}

/// Reads the mask operands: `mask` (a Torch optional tensor, converted to
/// `convertedMask`) and `maskType`.
LogicalResult readMask(ONNXBuilder &b, Value mask, Value convertedMask,
                       Value maskType, AttentionOperands &operands) {
  if (isNone(mask))
    return success();
  if (!convertedMask || !isa<TensorType>(convertedMask.getType()))
    return failure();
  operands.mask = toBoolMask(b, convertedMask);
  if (!operands.mask)
    return failure();
  if (!isNone(maskType)) {
    operands.maskType = Torch::matchConstantInt(maskType);
    if (!operands.maskType)
      return failure();
  }
  return success();
}

/// `aten._native_multi_head_attention`: the output and, when `need_weights`,
/// the attention probabilities, averaged over the heads when
/// `average_attn_weights`. Without `need_weights` the second result is an
/// empty tensor.
struct ConvertNativeMultiHeadAttention
    : public ONNXConversionPattern<Torch::Aten_NativeMultiHeadAttentionOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten_NativeMultiHeadAttentionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ONNXBuilder b(rewriter, op.getLoc());
    std::optional<int64_t> embedDim = Torch::matchConstantInt(op.getEmbedDim());
    std::optional<int64_t> numHeads = Torch::matchConstantInt(op.getNumHead());
    std::optional<bool> needWeights = Torch::matchConstantBool(op.getNeedWeights());
    std::optional<bool> average = Torch::matchConstantBool(op.getAverageAttnWeights());
    if (!embedDim || !numHeads || !needWeights || !average)
      return rewriter.notifyMatchFailure(
          op, "embed_dim, num_head, need_weights and average_attn_weights "
              "must be known at compile time");

    AttentionOperands operands;
    operands.query = adaptor.getQuery();
    operands.key = adaptor.getKey();
    operands.value = adaptor.getValue();
    operands.embedDim = *embedDim;
    operands.numHeads = *numHeads;
    operands.qkvWeight = adaptor.getQkvWeight();
    operands.qkvBias = adaptor.getQkvBias();
    operands.projWeight = adaptor.getProjWeight();
    operands.projBias = adaptor.getProjBias();
    std::string reason;
    if (failed(verifyAttentionOperands(operands, reason)))
      return rewriter.notifyMatchFailure(op, reason);
    if (failed(readMask(b, op.getMask(), adaptor.getMask(), op.getMaskType(),
                        operands)))
      return rewriter.notifyMatchFailure(op, "unsupported mask");

    AttentionResults results = buildMultiHeadAttention(
        b, operands,
        getConvertedTensorType(getTypeConverter(), op.getResult0()));

    Value weights;
    if (!*needWeights) {
      // PyTorch returns an undefined tensor; nothing can use it.
      auto emptyType =
          RankedTensorType::get({0}, getElementType(operands.query));
      weights =
          b.constant(DenseElementsAttr::get(emptyType, ArrayRef<Attribute>{}));
    } else if (*average) {
      weights = b.reduce<ONNX::ReduceMeanOp>(results.probabilities, {1},
                                             /*keepdims=*/false);
    } else {
      weights = results.probabilities;
    }
    rewriter.replaceOp(op, {results.output, weights});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Transformer encoder layer
//===----------------------------------------------------------------------===//

/// `aten._transformer_encoder_layer_fwd`: a batch-first
/// nn.TransformerEncoderLayer in inference,
///   norm_first:  x = x + SA(LN1(x)); x = x + FF(LN2(x))
///   otherwise:   x = LN1(x + SA(x)); x = LN2(x + FF(x))
/// with FF(x) = linear2(act(linear1(x))) and act GELU or ReLU.
struct ConvertTransformerEncoderLayer
    : public ONNXConversionPattern<Torch::Aten_TransformerEncoderLayerFwdOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten_TransformerEncoderLayerFwdOp op,
                  OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ONNXBuilder b(rewriter, op.getLoc());
    std::optional<int64_t> embedDim = Torch::matchConstantInt(op.getEmbedDim());
    std::optional<int64_t> numHeads = Torch::matchConstantInt(op.getNumHeads());
    std::optional<bool> useGelu = Torch::matchConstantBool(op.getUseGelu());
    std::optional<bool> normFirst = Torch::matchConstantBool(op.getNormFirst());
    std::optional<double> eps = Torch::matchConstantFloat(op.getEps());
    if (!embedDim || !numHeads || !useGelu || !normFirst || !eps)
      return rewriter.notifyMatchFailure(
          op, "embed_dim, num_heads, use_gelu, norm_first and eps must be "
              "known at compile time");
    TensorType resultType =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported result type");

    AttentionOperands attention;
    attention.query = attention.key = attention.value = adaptor.getSrc();
    attention.embedDim = *embedDim;
    attention.numHeads = *numHeads;
    attention.qkvWeight = adaptor.getQkvWeight();
    attention.qkvBias = adaptor.getQkvBias();
    attention.projWeight = adaptor.getProjWeight();
    attention.projBias = adaptor.getProjBias();
    std::string reason;
    if (failed(verifyAttentionOperands(attention, reason)))
      return rewriter.notifyMatchFailure(op, reason);
    if (failed(readMask(b, op.getMask(), adaptor.getMask(), op.getMaskType(),
                        attention)))
      return rewriter.notifyMatchFailure(op, "unsupported mask");
    for (Value weight : {adaptor.getNormWeight_1(), adaptor.getNormBias_1(),
                         adaptor.getNormWeight_2(), adaptor.getNormBias_2(),
                         adaptor.getFfnWeight_1(), adaptor.getFfnBias_1(),
                         adaptor.getFfnWeight_2(), adaptor.getFfnBias_2()})
      if (!getRank(weight))
        return rewriter.notifyMatchFailure(op, "expected ranked weights");

    auto selfAttention = [&](Value x) {
      AttentionOperands operands = attention;
      operands.query = operands.key = operands.value = x;
      return buildMultiHeadAttention(b, operands).output;
    };
    auto feedForward = [&](Value x) {
      Value hidden =
          linear(b, x, adaptor.getFfnWeight_1(), adaptor.getFfnBias_1());
      hidden = *useGelu ? b.gelu(hidden, /*tanhApproximation=*/false)
                       : b.unary<ONNX::ReluOp>(hidden);
      return linear(b, hidden, adaptor.getFfnWeight_2(),
                    adaptor.getFfnBias_2());
    };
    auto norm1 = [&](Value x, Type type = {}) {
      return layerNorm(b, opset, x, adaptor.getNormWeight_1(),
                       adaptor.getNormBias_1(), *eps, type);
    };
    auto norm2 = [&](Value x, Type type = {}) {
      return layerNorm(b, opset, x, adaptor.getNormWeight_2(),
                       adaptor.getNormBias_2(), *eps, type);
    };

    Value x = adaptor.getSrc();
    Value result;
    if (*normFirst) {
      x = b.binary<ONNX::AddOp>(x, selfAttention(norm1(x)));
      result = b.create<ONNX::AddOp>(resultType, {x, feedForward(norm2(x))});
    } else {
      x = norm1(b.binary<ONNX::AddOp>(x, selfAttention(x)));
      result = norm2(b.binary<ONNX::AddOp>(x, feedForward(x)), resultType);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Masked softmax
//===----------------------------------------------------------------------===//

/// `aten._masked_softmax(self, mask, dim, mask_type)`: Softmax over `dim`
/// (the last dim when none) of `self` with the positions where `mask` is
/// true set to -inf. A [batch, source] key padding mask (mask_type 1) of a
/// 4-D input applies to every head and target position.
struct ConvertMaskedSoftmax
    : public ONNXConversionPattern<Torch::Aten_MaskedSoftmaxOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten_MaskedSoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    Value mask = adaptor.getMask();
    TensorType resultType =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(input);
    if (!resultType || !rank || !isFloatType(getElementType(input)) ||
        !isa<TensorType>(mask.getType()))
      return rewriter.notifyMatchFailure(op, "expected a ranked float input");
    int64_t dim = *rank - 1;
    if (!isNone(op.getDim())) {
      std::optional<int64_t> value = Torch::matchConstantInt(op.getDim());
      if (!value || !isValidDim(*value, *rank))
        return rewriter.notifyMatchFailure(op, "unsupported dim");
      dim = normalizeDim(*value, *rank);
    }
    std::optional<int64_t> maskType;
    if (!isNone(op.getMaskType()))
      maskType = Torch::matchConstantInt(op.getMaskType());
    mask = toBoolMask(b, mask);
    if (!mask)
      return rewriter.notifyMatchFailure(op, "unsupported mask type");
    if (*rank == 4 && getRank(mask) == 2 && maskType == kKeyPaddingMask)
      mask = b.unsqueeze(mask, {1, 2});
    rewriter.replaceOp(op, maskedSoftmax(b, input, mask, dim, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scaled dot-product attention
//===----------------------------------------------------------------------===//

/// The boolean [target, source] mask of the positions a causal attention
/// leaves out: true where the key comes after the query (`j > i`), as
/// `torch.ones(L, S).tril()` keeps the rest. A constant when both sizes are
/// static, else built from Range so that the sizes stay dynamic.
Value buildCausalExclusion(ONNXBuilder &b, Value query, Value key,
                           int64_t rank) {
  Type i1 = IntegerType::get(b.getContext(), 1);
  std::optional<SmallVector<int64_t>> queryShape = getShape(query);
  std::optional<SmallVector<int64_t>> keyShape = getShape(key);
  int64_t targetLen = (*queryShape)[rank - 2];
  int64_t sourceLen = (*keyShape)[rank - 2];
  if (targetLen != ShapedType::kDynamic && sourceLen != ShapedType::kDynamic) {
    SmallVector<bool> excluded;
    excluded.reserve(targetLen * sourceLen);
    for (int64_t i = 0; i < targetLen; ++i)
      for (int64_t j = 0; j < sourceLen; ++j)
        excluded.push_back(j > i);
    auto type = RankedTensorType::get({targetLen, sourceLen}, i1);
    return b.constant(DenseElementsAttr::get(type, ArrayRef(excluded)));
  }
  auto range = [&](Value limit, int64_t size) {
    Type type = RankedTensorType::get({size}, b.getBuilder().getI64Type());
    return b.create<ONNX::RangeOp>(type,
                                   {b.i64Scalar(0), limit, b.i64Scalar(1)});
  };
  Value rows = b.unsqueeze(range(b.dimSize(query, rank - 2), targetLen), {1});
  Value cols = b.unsqueeze(range(b.dimSize(key, rank - 2), sourceLen), {0});
  return b.create<ONNX::GreaterOp>(
      RankedTensorType::get({targetLen, sourceLen}, i1), {cols, rows});
}

/// `k` [..., kv_heads, S, E] with each head repeated `groups` times along
/// the heads dim, as `repeat_interleave(groups, dim=-3)` does for grouped
/// query attention; null when the heads or E are dynamic.
Value repeatHeads(ONNXBuilder &b, Value k, int64_t rank, int64_t groups) {
  SmallVector<int64_t> shape = *getShape(k);
  int64_t heads = shape[rank - 3], headDim = shape[rank - 1];
  if (heads == ShapedType::kDynamic || headDim == ShapedType::kDynamic)
    return {};
  // [..., kv_heads, 1, S, E] expanded to [..., kv_heads, groups, S, E].
  SmallVector<int64_t> expandedShape = shape;
  expandedShape.insert(expandedShape.begin() + rank - 2, groups);
  SmallVector<int64_t> repeats(rank + 1, 1);
  repeats[rank - 2] = groups;
  Value expanded = b.create<ONNX::ExpandOp>(
      RankedTensorType::get(expandedShape, getElementType(k)),
      {b.unsqueeze(k, {rank - 2}), b.i64Tensor(repeats)});
  // Reshape's 0 keeps the leading dims; S may be dynamic, E is not.
  SmallVector<int64_t> newShape(rank - 3, 0);
  newShape.append({heads * groups, -1, headDim});
  SmallVector<int64_t> resultShape = shape;
  resultShape[rank - 3] = heads * groups;
  return b.reshape(expanded, newShape,
                   RankedTensorType::get(resultShape, getElementType(k)));
}

/// The opset of ONNX Attention.
constexpr int64_t kFusedAttentionOpset = 23;

/// scaled_dot_product_attention as one ONNX Attention (opset 23), whose
/// causal mask, boolean or additive `attn_mask`, default scale and grouped
/// heads are PyTorch's; null where it does not apply: below opset 23, a
/// rank other than 4, or a scale not known at compile time.
Value buildFusedAttention(ONNXBuilder &b,
                          Torch::AtenScaledDotProductAttentionOp op,
                          Torch::AtenScaledDotProductAttentionOp::Adaptor
                              adaptor,
                          TensorType resultType, int64_t rank, bool isCausal) {
  if (b.getTargetOpset() < kFusedAttentionOpset || rank != 4)
    return {};
  SmallVector<NamedAttribute> attributes{
      b.intAttr("is_causal", isCausal ? 1 : 0)};
  if (!isNone(op.getScale())) {
    std::optional<double> scale = Torch::matchConstantFloat(op.getScale());
    if (!scale)
      return {};
    attributes.push_back(b.floatAttr("scale", *scale));
  }
  Value mask = b.none();
  if (!isNone(op.getAttnMask())) {
    mask = adaptor.getAttnMask();
    if (!mask || !isa<TensorType>(mask.getType()))
      return {};
    Type elementType = getElementType(adaptor.getQuery());
    if (!isBoolType(getElementType(mask)))
      mask = b.cast(mask, elementType);
  }
  Type none = NoneType::get(b.getContext());
  auto attention = b.createOp<ONNX::AttentionOp>(
      TypeRange{resultType, none, none, none},
      b.withMissingInputs(
          ONNX::AttentionOp::getOperationName(),
          {adaptor.getQuery(), adaptor.getKey(), adaptor.getValue(), mask}),
      attributes);
  return attention->getResult(0);
}

/// `aten.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p,
/// is_causal, scale, enable_gqa)` as PyTorch's reference implementation
/// computes it: `softmax(q @ k^T * scale + bias) @ v`, where the bias is
/// -inf at the positions the causal mask or a boolean `attn_mask` (false
/// there) leaves out, and a float `attn_mask` is added. The scale defaults
/// to `1 / sqrt(E)`. A dropout_p above 0 drops attention weights where a
/// uniform draw falls below it.
struct ConvertScaledDotProductAttention
    : public ONNXConversionPattern<Torch::AtenScaledDotProductAttentionOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenScaledDotProductAttentionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ONNXBuilder b(rewriter, op.getLoc());
    Value query = adaptor.getQuery();
    Value key = adaptor.getKey();
    Value value = adaptor.getValue();
    TensorType resultType =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(query);
    if (!resultType || !rank || *rank < 2 || getRank(key) != rank ||
        getRank(value) != rank || !isFloatType(getElementType(query)))
      return rewriter.notifyMatchFailure(
          op, "expected float query, key and value of one rank, 2 or more");
    Type elementType = getElementType(query);

    std::optional<double> dropout = Torch::matchConstantFloat(op.getDropoutP());
    if (!dropout || *dropout < 0.0 || *dropout >= 1.0)
      return rewriter.notifyMatchFailure(
          op, "dropout_p must be known at compile time and below 1");
    std::optional<bool> isCausal = Torch::matchConstantBool(op.getIsCausal());
    std::optional<bool> enableGqa = Torch::matchConstantBool(op.getEnableGqa());
    if (!isCausal || !enableGqa)
      return rewriter.notifyMatchFailure(
          op, "is_causal and enable_gqa must be known at compile time");

    if (*enableGqa && b.getTargetOpset() < kFusedAttentionOpset) {
      std::optional<SmallVector<int64_t>> qShape = getShape(query);
      std::optional<SmallVector<int64_t>> kShape = getShape(key);
      if (*rank < 3)
        return rewriter.notifyMatchFailure(op, "enable_gqa needs a heads dim");
      int64_t qHeads = (*qShape)[*rank - 3], kvHeads = (*kShape)[*rank - 3];
      if (qHeads == ShapedType::kDynamic || kvHeads == ShapedType::kDynamic ||
          kvHeads == 0 || qHeads % kvHeads != 0)
        return rewriter.notifyMatchFailure(
            op, "enable_gqa needs static head counts, the query's a multiple "
                "of the key's");
      if (qHeads != kvHeads) {
        key = repeatHeads(b, key, *rank, qHeads / kvHeads);
        value = repeatHeads(b, value, *rank, qHeads / kvHeads);
        if (!key || !value)
          return rewriter.notifyMatchFailure(
              op, "enable_gqa needs a static head size");
      }
    }

    Value scale;
    if (isNone(op.getScale())) {
      std::optional<SmallVector<int64_t>> qShape = getShape(query);
      int64_t headDim = qShape->back();
      if (headDim != ShapedType::kDynamic) {
        scale = b.scalar(elementType, 1.0 / std::sqrt(double(headDim)));
      } else {
        Value size = b.cast(b.dimSize(query, *rank - 1), elementType);
        scale = b.unary<ONNX::ReciprocalOp>(b.unary<ONNX::SqrtOp>(size));
      }
    } else {
      FailureOr<Value> given =
          getScalarAsTensor(rewriter, op.getLoc(), op.getScale(), elementType);
      if (failed(given))
        return rewriter.notifyMatchFailure(op, "unsupported scale");
      scale = *given;
    }

    // ONNX's Attention has no dropout.
    Value fused = *dropout == 0.0 ? buildFusedAttention(b, op, adaptor,
                                                        resultType, *rank,
                                                        *isCausal)
                                  : Value();
    if (fused) {
      rewriter.replaceOp(op, fused);
      return success();
    }
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, *rank));
    std::swap(perm[*rank - 2], perm[*rank - 1]);
    Value scores =
        b.binary<ONNX::MulOp>(matmul(b, query, b.transpose(key, perm)), scale);

    Value minusInf =
        b.scalar(elementType, -std::numeric_limits<double>::infinity());
    if (*isCausal) {
      Value excluded = buildCausalExclusion(b, query, key, *rank);
      scores = b.create<ONNX::WhereOp>(scores.getType(),
                                       {excluded, minusInf, scores});
    }
    if (!isNone(op.getAttnMask())) {
      Value mask = adaptor.getAttnMask();
      if (!mask || !isa<TensorType>(mask.getType()))
        return rewriter.notifyMatchFailure(op, "unsupported attn_mask");
      if (isBoolType(getElementType(mask))) {
        // True marks a position that takes part, unlike nn.MultiheadAttention.
        Value excluded = b.unary<ONNX::NotOp>(mask);
        scores = b.create<ONNX::WhereOp>(
            getBroadcastType(scores, excluded, elementType),
            {excluded, minusInf, scores});
      } else {
        scores = b.binary<ONNX::AddOp>(scores, b.cast(mask, elementType));
      }
    }
    Value probabilities =
        maskedSoftmax(b, scores, /*mask=*/{}, /*axis=*/*rank - 1);
    if (*dropout != 0.0) {
      // Dropout of the attention weights, drawn on every call as PyTorch
      // does whenever dropout_p is not 0: the weights where a uniform draw
      // reaches p, scaled by 1 / (1 - p). Not ONNX's Dropout, which
      // onnxruntime's optimizations remove whatever its training_mode.
      auto type = cast<TensorType>(probabilities.getType());
      Value uniform = b.create<ONNX::RandomUniformLikeOp>(
          type, probabilities,
          {b.intAttr("dtype", *getONNXDataType(elementType)),
           b.floatAttr("low", 0.0), b.floatAttr("high", 1.0)});
      Value kept = b.binary<ONNX::GreaterOrEqualOp>(
          uniform, b.scalar(elementType, *dropout), rewriter.getI1Type());
      Value scaled = b.binary<ONNX::MulOp>(
          probabilities, b.scalar(elementType, 1.0 / (1.0 - *dropout)));
      probabilities = b.create<ONNX::WhereOp>(
          type, {kept, scaled, b.scalar(elementType, 0.0)});
    }
    rewriter.replaceOp(
        op, b.create<ONNX::MatMulOp>(resultType, {probabilities, value}));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateAttentionPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns,
                                              int64_t opset) {
  addPatterns<ConvertNativeMultiHeadAttention, ConvertTransformerEncoderLayer,
              ConvertMaskedSoftmax, ConvertScaledDotProductAttention>(
      typeConverter, patterns, opset);
}
