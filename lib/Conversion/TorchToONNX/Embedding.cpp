//===- Embedding.cpp - Embedding lookups to ONNX --------------------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An embedding lookup is a Gather of the weight's rows. The padding index and
// the gradient options only matter for training, which ONNX graphs do not do.
//
// An embedding bag reduces the gathered rows per bag. With N indices and B
// bags, a [B, N] membership matrix (position n is in bag b when
// offsets[b] <= n < offsets[b + 1]) turns sum and mean into a MatMul and max
// into a ReduceMax over the rows of the bag.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// PyTorch's embedding bag modes.
enum class BagMode : int64_t { Sum = 0, Mean = 1, Max = 2 };

/// `aten.embedding(weight, indices, ...)` becomes `Gather(weight, indices,
/// axis=0)`.
struct ConvertEmbedding : public ONNXConversionPattern<Torch::AtenEmbeddingOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenEmbeddingOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType resultType =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    Value weight = adaptor.getWeight();
    Value indices = adaptor.getIndices();
    if (!resultType || !isa<TensorType>(weight.getType()) ||
        !isa<TensorType>(indices.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported operand types");
    Type indexType = getElementType(indices);
    if (!isa<IntegerType>(indexType) || isBoolType(indexType))
      return rewriter.notifyMatchFailure(op, "indices are not integers");
    if (getRank(weight) && *getRank(weight) != 2)
      return rewriter.notifyMatchFailure(op, "weight is not 2-D");

    ONNXBuilder b(rewriter, op.getLoc());
    // ONNX Gather takes int32 and int64 indices.
    if (indexType.getIntOrFloatBitWidth() != 32 &&
        indexType.getIntOrFloatBitWidth() != 64)
      indices = b.cast(indices, rewriter.getI64Type());
    rewriter.replaceOp(op,
                       b.create<ONNX::GatherOp>(resultType, {weight, indices},
                                                {b.intAttr("axis", 0)}));
    return success();
  }
};

/// The Torch operands of an embedding bag.
struct EmbeddingBagOperands {
  Value weight, indices, offsets, mode, perSampleWeights, includeLastOffset;
  /// The padding index (a Torch optional int), or null.
  Value paddingIdx;
};

/// The bags of an embedding bag, or failure. Only the first result (the
/// bags) is supported; the others describe the bags for the backward pass.
FailureOr<Value> lowerEmbeddingBag(ConversionPatternRewriter &rewriter,
                                   Operation *op,
                                   const EmbeddingBagOperands &operands,
                                   TensorType resultType) {
  auto fail = [&](const Twine &reason) {
    return rewriter.notifyMatchFailure(op, reason);
  };
  for (Value result : op->getResults().drop_front())
    if (!result.use_empty())
      return fail("only the bags (the first result) are supported");
  std::optional<int64_t> modeValue = Torch::matchConstantInt(operands.mode);
  std::optional<bool> includeLastOffset =
      Torch::matchConstantBool(operands.includeLastOffset);
  if (!modeValue || *modeValue < 0 || *modeValue > 2 || !includeLastOffset)
    return fail("mode and include_last_offset must be known at compile time");
  auto mode = static_cast<BagMode>(*modeValue);
  std::optional<int64_t> paddingIdx;
  if (operands.paddingIdx && !isNone(operands.paddingIdx)) {
    paddingIdx = Torch::matchConstantInt(operands.paddingIdx);
    if (!paddingIdx)
      return fail("padding_idx must be known at compile time");
  }

  Value weight = rewriter.getRemappedValue(operands.weight);
  Value indices = rewriter.getRemappedValue(operands.indices);
  Value offsets = rewriter.getRemappedValue(operands.offsets);
  if (!resultType || !weight || !indices || !offsets || getRank(weight) != 2 ||
      getRank(indices) != 1 || getRank(offsets) != 1 ||
      !isFloatType(getElementType(weight)))
    return fail("expected a 2-D float weight, 1-D indices and 1-D offsets");
  Value perSampleWeights;
  if (!isNone(operands.perSampleWeights)) {
    perSampleWeights = rewriter.getRemappedValue(operands.perSampleWeights);
    if (!perSampleWeights || mode != BagMode::Sum)
      return fail("per_sample_weights are only supported in sum mode");
  }

  ONNXBuilder b(rewriter, op->getLoc());
  Type i64 = rewriter.getI64Type();
  Type i1 = rewriter.getI1Type();
  Type elementType = getElementType(weight);
  indices = b.cast(indices, i64);
  offsets = b.cast(offsets, i64);
  int64_t numIndices = (*getShape(indices))[0];
  int64_t numWeights = (*getShape(weight))[0];
  if (paddingIdx && *paddingIdx < 0 && numWeights != ShapedType::kDynamic)
    *paddingIdx += numWeights;
  Value count = b.dimSize(indices, 0);

  // The position of each index, and each bag's [start, end).
  Value positions;
  if (numIndices != ShapedType::kDynamic) {
    SmallVector<int64_t> iota(numIndices);
    for (int64_t i = 0; i < numIndices; ++i)
      iota[i] = i;
    positions = b.i64Tensor(iota);
  } else {
    positions = b.create<ONNX::RangeOp>(
        RankedTensorType::get({ShapedType::kDynamic}, i64),
        {b.i64Scalar(0), count, b.i64Scalar(1)});
  }
  int64_t numOffsets = (*getShape(offsets))[0];
  // offsets[begin:end], with end -1 for all but the last.
  auto slice = [&](int64_t begin, int64_t end) {
    int64_t size = ShapedType::kDynamic;
    if (numOffsets != ShapedType::kDynamic)
      size = (end < 0 ? numOffsets + end : std::min(end, numOffsets)) - begin;
    return b.create<ONNX::SliceOp>(RankedTensorType::get({size}, i64),
                                   {offsets, b.i64Tensor({begin}),
                                    b.i64Tensor({end}), b.i64Tensor({0}),
                                    b.none()});
  };
  constexpr int64_t kToEnd = std::numeric_limits<int64_t>::max();
  Value starts = *includeLastOffset ? slice(0, -1) : offsets;
  Value ends = slice(1, kToEnd);
  if (!*includeLastOffset)
    ends = b.concat({ends, b.unsqueeze(count, {0})}, 0);

  // membership[b, n]: index n belongs to bag b.
  Value positionRow = b.unsqueeze(positions, {0});
  Value membership = b.binary<ONNX::AndOp>(
      b.binary<ONNX::GreaterOrEqualOp>(positionRow, b.unsqueeze(starts, {1}),
                                       i1),
      b.binary<ONNX::LessOp>(positionRow, b.unsqueeze(ends, {1}), i1));
  if (paddingIdx) {
    Value isPadding =
        b.binary<ONNX::EqualOp>(indices, b.i64Scalar(*paddingIdx), i1);
    membership = b.binary<ONNX::AndOp>(
        membership, b.unsqueeze(b.unary<ONNX::NotOp>(isPadding), {0}));
  }
  Value rows = b.create<ONNX::GatherOp>(
      RankedTensorType::get({numIndices, (*getShape(weight))[1]}, elementType),
      {weight, indices}, {b.intAttr("axis", 0)});
  Value memberships = b.cast(membership, elementType);
  Value bagSizes = b.reduce<ONNX::ReduceSumOp>(memberships, {1}, true);

  if (mode == BagMode::Max) {
    Value minusInf =
        b.scalar(elementType, -std::numeric_limits<double>::infinity());
    Value inBag = b.unsqueeze(membership, {2});
    Value rowsPerBag = b.unsqueeze(rows, {0});
    Value candidates = b.create<ONNX::WhereOp>(
        getBroadcastType(inBag, rowsPerBag, elementType),
        {inBag, rowsPerBag, minusInf});
    Value maxima = b.reduce<ONNX::ReduceMaxOp>(candidates, {1}, false);
    // An empty bag is zeros.
    Value nonEmpty =
        b.binary<ONNX::GreaterOp>(bagSizes, b.scalar(elementType, 0.0), i1);
    return b.create<ONNX::WhereOp>(
        resultType, {nonEmpty, maxima, b.scalar(elementType, 0.0)});
  }
  if (perSampleWeights)
    memberships = b.binary<ONNX::MulOp>(
        memberships, b.unsqueeze(b.cast(perSampleWeights, elementType), {0}));
  if (mode == BagMode::Sum)
    return b.create<ONNX::MatMulOp>(resultType, {memberships, rows});
  Value sums = b.create<ONNX::MatMulOp>(resultType, {memberships, rows});
  // The mean of an empty bag is zero: its sum divided by one.
  Value divisors = b.create<ONNX::MaxOp>(
      bagSizes.getType(), {bagSizes, b.scalar(elementType, 1.0)});
  return b.create<ONNX::DivOp>(resultType, {sums, divisors});
}

/// `aten.embedding_bag` and `aten.embedding_bag.padding_idx` with 1-D
/// indices and offsets; indices equal to the padding index are left out.
template <typename OpTy>
struct ConvertEmbeddingBag : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    EmbeddingBagOperands operands{
        op.getWeight(), op.getIndices(),          op.getOffsets(),
        op.getMode(),   op.getPerSampleWeights(), op.getIncludeLastOffset(),
        nullptr};
    if constexpr (std::is_same_v<OpTy, Torch::AtenEmbeddingBagPaddingIdxOp>)
      operands.paddingIdx = op.getPaddingIdx();
    TensorType resultType =
        getConvertedTensorType(this->getTypeConverter(), op.getResult0());
    FailureOr<Value> bags =
        lowerEmbeddingBag(rewriter, op, operands, resultType);
    if (failed(bags))
      return failure();
    // The other results have no uses.
    SmallVector<Value> results(op->getNumResults(), *bags);
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateEmbeddingPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns,
                                              int64_t opset) {
  addPatterns<ConvertEmbedding, ConvertEmbeddingBag<Torch::AtenEmbeddingBagOp>,
              ConvertEmbeddingBag<Torch::AtenEmbeddingBagPaddingIdxOp>>(
      typeConverter, patterns, opset);
}
