//===- SliceScatter.cpp - slice_scatter and select_scatter to ONNX --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Writing into a slice (`x[a:b] = y` after value semantics) becomes a Concat
// of the part of the base before the slice, the update, and the part after
// it. select_scatter writes a slice of length one.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// Replaces `[start, end)` of `base` along `axis` with `update`: a Concat of
/// Slice(base, 0, start), update and Slice(base, end, INT64_MAX). Negative
/// bounds count from the end, as in ONNX's Slice, so the size along `axis`
/// need not be known.
LogicalResult replaceWithConcat(Operation *op, TensorType type, Value base,
                                Value update, int64_t axis, int64_t start,
                                int64_t end,
                                ConversionPatternRewriter &rewriter) {
  std::optional<SmallVector<int64_t>> shape = getShape(base);
  if (!shape)
    return rewriter.notifyMatchFailure(op, "the base is not ranked");
  int64_t size = (*shape)[axis];
  bool known = size != ShapedType::kDynamic;
  if (known) {
    if (start < 0)
      start += size;
    if (end < 0)
      end += size;
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, start, size);
  }
  ONNXBuilder b(rewriter, op->getLoc());
  auto slice = [&](int64_t from, int64_t to) {
    SmallVector<int64_t> partShape(*shape);
    partShape[axis] = known && from >= 0 && to >= 0
                          ? std::min(to, size) - std::min(from, size)
                          : ShapedType::kDynamic;
    auto partType = RankedTensorType::get(partShape, type.getElementType());
    return b.create<ONNX::SliceOp>(
        partType, {base, b.i64Tensor({from}), b.i64Tensor({to}),
                   b.i64Tensor({axis}), b.i64Tensor({1})});
  };
  SmallVector<Value> parts;
  if (start != 0)
    parts.push_back(slice(0, start));
  parts.push_back(update);
  if (end != kInt64Max && (!known || end < size))
    parts.push_back(slice(end, kInt64Max));
  if (parts.size() == 1) {
    rewriter.replaceOp(op, update);
    return success();
  }
  rewriter.replaceOp(
      op, b.create<ONNX::ConcatOp>(type, parts, {b.intAttr("axis", axis)}));
  return success();
}

/// slice_scatter(self, src, dim, start, end, step) with step 1.
struct ConvertSliceScatter
    : public ONNXConversionPattern<Torch::AtenSliceScatterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSliceScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> step = Torch::matchConstantInt(op.getStep());
    std::optional<int64_t> start =
        isNone(op.getStart()) ? 0 : Torch::matchConstantInt(op.getStart());
    std::optional<int64_t> end =
        isNone(op.getEnd()) ? kInt64Max : Torch::matchConstantInt(op.getEnd());
    if (!type || !rank || !dim || !isValidDim(*dim, *rank) || step != 1 ||
        !start || !end)
      return rewriter.notifyMatchFailure(
          op, "needs a static dim, static bounds and step 1");
    int64_t axis = normalizeDim(*dim, *rank);
    return replaceWithConcat(op, type, adaptor.getSelf(), adaptor.getSrc(),
                             axis, *start, *end, rewriter);
  }
};

/// select_scatter(self, src, dim, index): src gains the selected dim back.
struct ConvertSelectScatter
    : public ONNXConversionPattern<Torch::AtenSelectScatterOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSelectScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<int64_t> index = Torch::matchConstantInt(op.getIndex());
    if (!type || !shape || !dim || !index || !isValidDim(*dim, shape->size()))
      return rewriter.notifyMatchFailure(op, "needs a static dim and index");
    int64_t axis = normalizeDim(*dim, shape->size());
    int64_t size = (*shape)[axis];
    if (size == ShapedType::kDynamic)
      return rewriter.notifyMatchFailure(op, "the selected dim is not static");
    int64_t at = *index < 0 ? *index + size : *index;
    if (at < 0 || at >= size)
      return rewriter.notifyMatchFailure(op, "the index is out of range");
    ONNXBuilder b(rewriter, op.getLoc());
    Value update = b.unsqueeze(adaptor.getSrc(), {axis});
    return replaceWithConcat(op, type, adaptor.getSelf(), update, axis, at,
                             at + 1, rewriter);
  }
};

} // namespace

void torch_to_onnx::populateSliceScatterPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns,
                                                 int64_t opset) {
  addPatterns<ConvertSliceScatter, ConvertSelectScatter>(typeConverter,
                                                         patterns, opset);
}
