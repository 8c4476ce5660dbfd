//===- ShapeOps.cpp - Views, permutations and broadcasts to ONNX ----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// view/reshape/flatten/unflatten become Reshape (or Flatten), permute and
// transpose Transpose, squeeze/unsqueeze Squeeze/Unsqueeze with constant
// axes, expand Expand, repeat/tile Tile, tril/triu Trilu. A target shape is
// a constant whenever it is static; only the dims known at run time alone
// come from Shape.
//
//===----------------------------------------------------------------------===//

#include "ONNXBuilder.h"
#include "OperandConversion.h"
#include "Patterns.h"
#include "TorchValues.h"
#include "TypeUtils.h"

#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchSemantics.h"

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::torch_to_onnx;

namespace {

/// One entry of a target shape: a constant (which may be ONNX's 0 or -1),
/// or a 0-d i64 tensor computed at run time.
struct ShapeEntry {
  std::optional<int64_t> constant;
  Value value;
};

/// The 1-D i64 tensor of `entries`: a constant when they all are.
Value buildShape(ONNXBuilder &b, ArrayRef<ShapeEntry> entries) {
  SmallVector<Value> parts;
  SmallVector<int64_t> pending;
  bool allConstant = llvm::all_of(
      entries, [](const ShapeEntry &e) { return e.constant.has_value(); });
  if (allConstant) {
    for (const ShapeEntry &entry : entries)
      pending.push_back(*entry.constant);
    return b.i64Tensor(pending);
  }
  for (const ShapeEntry &entry : entries) {
    if (entry.constant) {
      pending.push_back(*entry.constant);
      continue;
    }
    if (!pending.empty())
      parts.push_back(b.i64Tensor(pending));
    pending.clear();
    parts.push_back(entry.value);
  }
  if (!pending.empty())
    parts.push_back(b.i64Tensor(pending));
  return b.concatSizes(parts);
}

/// True when `element` is `aten.size.int(self, index)`: the size of dim
/// `index` of `self`.
bool isSizeOfDim(Value element, Value self, int64_t index) {
  auto size = element.getDefiningOp<Torch::AtenSizeIntOp>();
  if (!size || size.getSelf() != self)
    return false;
  auto type = dyn_cast<Torch::BaseTensorType>(self.getType());
  std::optional<int64_t> dim = Torch::matchConstantInt(size.getDim());
  return type && type.hasSizes() && dim && isValidDim(*dim, type.getRank()) &&
         normalizeDim(*dim, type.getRank()) == index;
}

/// Reshapes `input` (converted) to `type`, following Torch size list
/// `sizes` of `torchSelf` where `type` has dynamic dims. Static dims become
/// constants, a size of the same dim of the input becomes 0 (copy).
FailureOr<Value> reshapeToList(ConversionPatternRewriter &rewriter,
                               Location loc, Value input, Value torchSelf,
                               TensorType type, Value sizes) {
  ONNXBuilder b(rewriter, loc);
  auto rankedType = dyn_cast<RankedTensorType>(type);
  if (rankedType && rankedType.hasStaticShape())
    return b.reshape(input, rankedType.getShape(), rankedType);
  std::optional<SmallVector<Value>> elements = getListElements(sizes);
  if (!elements || !rankedType ||
      static_cast<int64_t>(elements->size()) != rankedType.getRank()) {
    FailureOr<Value> shape = getIntListAsTensor(rewriter, loc, sizes);
    if (failed(shape))
      return failure();
    return b.create<ONNX::ReshapeOp>(type, {input, *shape});
  }
  std::optional<int64_t> inputRank = getRank(input);
  // With a 0 dim the result has no elements: it is ConstantOfShape of the
  // sizes themselves, which a Reshape would read as copies of input dims.
  bool empty = llvm::is_contained(rankedType.getShape(), 0);
  SmallVector<ShapeEntry> entries;
  for (auto [i, element] : llvm::enumerate(*elements)) {
    int64_t dim = rankedType.getDimSize(i);
    std::optional<int64_t> constant = Torch::matchConstantInt(element);
    if (empty && constant && *constant < 0) {
      emitError(loc) << "cannot infer size " << *constant
                     << " of a reshape to a shape with a 0 dim";
      return failure();
    }
    if (constant && *constant != 0) {
      entries.push_back({*constant, {}});
    } else if (dim != ShapedType::kDynamic && (dim != 0 || empty)) {
      entries.push_back({dim, {}});
    } else if (!empty && inputRank && static_cast<int64_t>(i) < *inputRank &&
               isSizeOfDim(element, torchSelf, i)) {
      entries.push_back({0, {}});
    } else {
      FailureOr<Value> size =
          getScalarAsTensor(rewriter, loc, element, rewriter.getI64Type());
      if (failed(size))
        return failure();
      entries.push_back({std::nullopt, *size});
    }
  }
  if (empty)
    return b.constantOfShape(buildShape(b, entries), type, 0.0);
  return b.create<ONNX::ReshapeOp>(type, {input, buildShape(b, entries)});
}

/// view, reshape, _reshape_alias, _unsafe_view.
template <typename OpTy>
struct ConvertReshape : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    FailureOr<Value> result =
        reshapeToList(rewriter, op.getLoc(), adaptor.getSelf(), op.getSelf(),
                      type, op->getOperand(1));
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// view_as, reshape_as: the shape of the other tensor.
template <typename OpTy>
struct ConvertReshapeAs : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op,
        type.hasStaticShape()
            ? b.reshape(adaptor.getSelf(), type.getShape(), type)
            : b.create<ONNX::ReshapeOp>(
                  type, {adaptor.getSelf(), b.shapeOf(adaptor.getOther())}));
    return success();
  }
};

/// flatten.using_ints: Flatten when the result is 2-D from dim 1 on,
/// otherwise Reshape.
struct ConvertFlatten
    : public ONNXConversionPattern<Torch::AtenFlattenUsingIntsOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenFlattenUsingIntsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> start = Torch::matchConstantInt(op.getStartDim());
    std::optional<int64_t> end = Torch::matchConstantInt(op.getEndDim());
    if (!type || !shape || !start || !end)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t rank = shape->size();
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    if (rank == 0) {
      rewriter.replaceOp(op, b.reshape(input, {1}, type));
      return success();
    }
    int64_t first = normalizeDim(*start, rank), last = normalizeDim(*end, rank);
    if (first >= last) {
      rewriter.replaceOp(op, input);
      return success();
    }
    if (last == rank - 1 && first == 1 && type.getRank() == 2) {
      rewriter.replaceOp(
          op, b.create<ONNX::FlattenOp>(type, input, {b.intAttr("axis", 1)}));
      return success();
    }
    if (type.hasStaticShape()) {
      rewriter.replaceOp(op, b.reshape(input, type.getShape(), type));
      return success();
    }
    // Leading dims are copied, the flattened run inferred, trailing dims
    // taken from the input.
    SmallVector<ShapeEntry> entries;
    for (int64_t d = 0; d < first; ++d)
      entries.push_back({0, {}});
    entries.push_back({-1, {}});
    for (int64_t d = last + 1; d < rank; ++d) {
      if ((*shape)[d] != ShapedType::kDynamic)
        entries.push_back({(*shape)[d], {}});
      else
        entries.push_back({std::nullopt, b.dimSize(input, d)});
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ReshapeOp>(type, {input, buildShape(b, entries)}));
    return success();
  }
};

/// unflatten.int(self, dim, sizes).
struct ConvertUnflatten
    : public ONNXConversionPattern<Torch::AtenUnflattenIntOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenUnflattenIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<int64_t>> shape = getShape(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    std::optional<SmallVector<int64_t>> sizes =
        Torch::matchConstantIntList(op.getSizes());
    if (!type || !shape || !dim || !sizes || !isValidDim(*dim, shape->size()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    if (type.hasStaticShape()) {
      rewriter.replaceOp(op, b.reshape(input, type.getShape(), type));
      return success();
    }
    int64_t axis = normalizeDim(*dim, shape->size());
    SmallVector<ShapeEntry> entries;
    for (int64_t d = 0; d < axis; ++d)
      entries.push_back({0, {}});
    for (int64_t size : *sizes)
      entries.push_back({size, {}});
    for (int64_t d = axis + 1; d < static_cast<int64_t>(shape->size()); ++d) {
      if ((*shape)[d] != ShapedType::kDynamic)
        entries.push_back({(*shape)[d], {}});
      else
        entries.push_back({std::nullopt, b.dimSize(input, d)});
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ReshapeOp>(type, {input, buildShape(b, entries)}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Permutations
//===----------------------------------------------------------------------===//

/// The permutation an op applies to a tensor of rank `rank`.
template <typename OpTy>
std::optional<SmallVector<int64_t>> getPermutation(OpTy op, int64_t rank) {
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d);
  if constexpr (std::is_same_v<OpTy, Torch::AtenPermuteOp>) {
    std::optional<SmallVector<int64_t>> dims = Torch::matchConstantIntList(op.getDims());
    if (!dims || static_cast<int64_t>(dims->size()) != rank)
      return std::nullopt;
    for (auto [i, d] : llvm::enumerate(*dims)) {
      if (!isValidDim(d, rank))
        return std::nullopt;
      perm[i] = normalizeDim(d, rank);
    }
  } else if constexpr (std::is_same_v<OpTy, Torch::AtenTransposeIntOp>) {
    std::optional<int64_t> d0 = Torch::matchConstantInt(op.getDim0());
    std::optional<int64_t> d1 = Torch::matchConstantInt(op.getDim1());
    if (rank == 0)
      return perm;
    if (!d0 || !d1 || !isValidDim(*d0, rank) || !isValidDim(*d1, rank))
      return std::nullopt;
    std::swap(perm[normalizeDim(*d0, rank)], perm[normalizeDim(*d1, rank)]);
  } else if constexpr (std::is_same_v<OpTy, Torch::AtenTOp> ||
                       std::is_same_v<OpTy, Torch::AtenNumpyTOp>) {
    std::reverse(perm.begin(), perm.end());
  } else if constexpr (std::is_same_v<OpTy, Torch::AtenMTOp> ||
                       std::is_same_v<OpTy, Torch::AtenMHOp> ||
                       std::is_same_v<OpTy, Torch::AtenAdjointOp>) {
    // The last two dims; for real tensors, conjugation changes nothing.
    if (rank < 2)
      return std::nullopt;
    std::swap(perm[rank - 2], perm[rank - 1]);
  } else if constexpr (std::is_same_v<OpTy, Torch::AtenMovedimIntOp>) {
    std::optional<int64_t> source = Torch::matchConstantInt(op.getSource());
    std::optional<int64_t> destination = Torch::matchConstantInt(op.getDestination());
    if (!source || !destination || !isValidDim(*source, rank) ||
        !isValidDim(*destination, rank))
      return std::nullopt;
    int64_t from = normalizeDim(*source, rank);
    int64_t to = normalizeDim(*destination, rank);
    perm.erase(perm.begin() + from);
    perm.insert(perm.begin() + to, from);
  }
  return perm;
}

/// permute, transpose.int, t, numpy_T, movedim.int: Transpose, or nothing
/// for an identity permutation.
template <typename OpTy>
struct ConvertPermutation : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    if (!rank)
      return rewriter.notifyMatchFailure(op, "unranked input");
    std::optional<SmallVector<int64_t>> perm = getPermutation(op, *rank);
    if (!perm)
      return rewriter.notifyMatchFailure(op, "non-constant dims");
    rewriter.replaceOp(
        op,
        ONNXBuilder(rewriter, op.getLoc()).transpose(adaptor.getSelf(), *perm));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Squeeze and unsqueeze
//===----------------------------------------------------------------------===//

/// squeeze and squeeze.dim: the dims of size 1 that the result drops.
template <typename OpTy>
struct ConvertSqueeze : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    if (!type || !shape)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    int64_t rank = shape->size();
    SmallVector<int64_t> axes;
    if constexpr (std::is_same_v<OpTy, Torch::AtenSqueezeDimOp>) {
      std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
      if (!dim || !isValidDim(*dim, std::max<int64_t>(rank, 1)))
        return rewriter.notifyMatchFailure(op, "non-constant dim");
      if (rank > 0 && type.getRank() < rank)
        axes.push_back(normalizeDim(*dim, rank));
    } else {
      for (int64_t d = 0; d < rank; ++d)
        if ((*shape)[d] == 1)
          axes.push_back(d);
      if (rank - static_cast<int64_t>(axes.size()) != type.getRank())
        return rewriter.notifyMatchFailure(op, "unknown squeezed dims");
    }
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, axes.empty() ? input : b.squeeze(input, axes));
    return success();
  }
};

/// squeeze.dims: the listed dims of size 1.
struct ConvertSqueezeDims
    : public ONNXConversionPattern<Torch::AtenSqueezeDimsOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenSqueezeDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    std::optional<SmallVector<int64_t>> dims =
        Torch::matchConstantIntList(op.getDim());
    if (!shape || !dims)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t rank = shape->size();
    SmallVector<int64_t> axes;
    for (int64_t dim : *dims) {
      if (!isValidDim(dim, std::max<int64_t>(rank, 1)))
        return rewriter.notifyMatchFailure(op, "invalid dim");
      if (rank == 0)
        continue;
      int64_t axis = normalizeDim(dim, rank);
      if ((*shape)[axis] == ShapedType::kDynamic)
        return rewriter.notifyMatchFailure(op, "a dynamic dim to squeeze");
      if ((*shape)[axis] == 1 && !llvm::is_contained(axes, axis))
        axes.push_back(axis);
    }
    llvm::sort(axes);
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, axes.empty() ? input : b.squeeze(input, axes));
    return success();
  }
};

/// diagonal(self, offset, dim1, dim2) and diagonal_copy: the two dims moved
/// last and flattened, then a Slice stepping over a row and a column at a
/// time.
template <typename OpTy>
struct ConvertDiagonal : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    std::optional<int64_t> offset = Torch::matchConstantInt(op.getOffset());
    std::optional<int64_t> dim1 = Torch::matchConstantInt(op.getDim1());
    std::optional<int64_t> dim2 = Torch::matchConstantInt(op.getDim2());
    if (!type || !shape || !offset || !dim1 || !dim2 || shape->size() < 2 ||
        !isValidDim(*dim1, shape->size()) || !isValidDim(*dim2, shape->size()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t rank = shape->size();
    int64_t first = normalizeDim(*dim1, rank);
    int64_t second = normalizeDim(*dim2, rank);
    int64_t rows = (*shape)[first], columns = (*shape)[second];
    if (first == second || rows == ShapedType::kDynamic ||
        columns == ShapedType::kDynamic)
      return rewriter.notifyMatchFailure(op, "unsupported dims");
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      if (d != first && d != second)
        perm.push_back(d);
    perm.push_back(first);
    perm.push_back(second);
    Value moved = b.transpose(input, perm);
    SmallVector<int64_t> flat(rank - 2, 0);
    flat.push_back(rows * columns);
    Value rowsFlat = b.reshape(moved, flat);
    int64_t length =
        *offset >= 0 ? std::min(rows, columns - *offset)
                     : std::min(rows + *offset, columns);
    length = std::max<int64_t>(length, 0);
    int64_t start = *offset >= 0 ? *offset : -*offset * columns;
    int64_t end = start + (length - 1) * (columns + 1) + 1;
    if (length == 0)
      start = end = 0;
    rewriter.replaceOp(
        op, b.create<ONNX::SliceOp>(
                type, {rowsFlat, b.i64Tensor({start}), b.i64Tensor({end}),
                       b.i64Tensor({rank - 2}), b.i64Tensor({columns + 1})}));
    return success();
  }
};

/// repeat_interleave.self_int(self, repeats, dim): each element `repeats`
/// times in a row, through a new dim after `dim` that is expanded and then
/// merged. Without a dim, over the flattened input.
struct ConvertRepeatInterleave
    : public ONNXConversionPattern<Torch::AtenRepeatInterleaveSelfIntOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenRepeatInterleaveSelfIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<SmallVector<int64_t>> shape = getShape(input);
    std::optional<int64_t> repeats = Torch::matchConstantInt(op.getRepeats());
    if (!type || !shape || !repeats || *repeats < 0)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    int64_t axis = 0;
    if (isNone(op.getDim())) {
      input = b.reshape(input, {-1});
      shape = getShape(input);
    } else {
      std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
      if (!dim || !isValidDim(*dim, std::max<int64_t>(shape->size(), 1)))
        return rewriter.notifyMatchFailure(op, "unsupported dim");
      if (shape->empty()) {
        input = b.reshape(input, {1});
        shape = getShape(input);
      }
      axis = normalizeDim(*dim, shape->size());
    }
    int64_t rank = shape->size();
    // The merged dim is inferred, the dims before it are copied, and those
    // after it, one place further in the expanded tensor, must be static.
    SmallVector<int64_t> merged(rank, 0);
    merged[axis] = -1;
    for (int64_t d = axis + 1; d < rank; ++d) {
      if ((*shape)[d] == ShapedType::kDynamic)
        return rewriter.notifyMatchFailure(op, "a dynamic dim after dim");
      merged[d] = (*shape)[d];
    }
    Value spread = b.unsqueeze(input, {axis + 1});
    SmallVector<int64_t> expandedShape(*shape);
    expandedShape.insert(expandedShape.begin() + axis + 1, *repeats);
    SmallVector<int64_t> target(rank + 1, 1);
    target[axis + 1] = *repeats;
    Value expanded = b.create<ONNX::ExpandOp>(
        RankedTensorType::get(expandedShape, type.getElementType()),
        {spread, b.i64Tensor(target)});
    rewriter.replaceOp(op, b.create<ONNX::ReshapeOp>(
                               type, {expanded, b.i64Tensor(merged)}));
    return success();
  }
};

/// The indices of repeat_interleave: index i `repeats[i]` times, for 1-D
/// i64 `repeats`. Output position j holds the number of inclusive prefix
/// sums of `repeats` that are at most j. The length is `length`, else the
/// constant `outputSize`, else the sum of `repeats`.
Value buildRepeatedIndices(ONNXBuilder &b, Value repeats, int64_t length,
                           Value outputSize) {
  Type i64 = b.getBuilder().getI64Type();
  if (ShapedType::isDynamic(length))
    length =
        Torch::matchConstantInt(outputSize).value_or(ShapedType::kDynamic);
  Value limit = ShapedType::isDynamic(length)
                    ? b.reduce<ONNX::ReduceSumOp>(repeats, {0}, false)
                    : b.i64Scalar(length);
  Value positions = b.create<ONNX::RangeOp>(
      RankedTensorType::get({length}, i64),
      {b.i64Scalar(0), limit, b.i64Scalar(1)});
  Value ends =
      b.create<ONNX::CumSumOp>(repeats.getType(), {repeats, b.i64Scalar(0)});
  // [length, runs]: whether run i ends at or before position j.
  Value ended = b.binary<ONNX::LessOrEqualOp>(b.unsqueeze(ends, {0}),
                                               b.unsqueeze(positions, {1}),
                                               b.getBuilder().getI1Type());
  return b.reduce<ONNX::ReduceSumOp>(b.cast(ended, i64), {1}, false);
}

/// `repeats`, an integer tensor of rank 0 or 1, as a 1-D i64 tensor;
/// null otherwise.
Value getRepeatsVector(ONNXBuilder &b, Value repeats) {
  std::optional<int64_t> rank = getRank(repeats);
  if (!rank || *rank > 1 || !isa<IntegerType>(getElementType(repeats)))
    return {};
  if (*rank == 0)
    repeats = b.reshape(repeats, {1});
  return b.cast(repeats, b.getBuilder().getI64Type());
}

/// repeat_interleave.Tensor(repeats, output_size): index i repeats[i] times.
struct ConvertRepeatInterleaveTensor
    : public ONNXConversionPattern<Torch::AtenRepeatInterleaveTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenRepeatInterleaveTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    ONNXBuilder b(rewriter, op.getLoc());
    if (!type || type.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Value repeats = getRepeatsVector(b, adaptor.getRepeats());
    if (!repeats)
      return rewriter.notifyMatchFailure(op, "unsupported repeats");
    Value indices = buildRepeatedIndices(b, repeats, type.getDimSize(0),
                                         op.getOutputSize());
    rewriter.replaceOp(op, b.cast(indices, type.getElementType()));
    return success();
  }
};

/// repeat_interleave.self_Tensor(self, repeats, dim, output_size): a Gather
/// along `dim` (of the flattened input without one) of the repeated
/// indices. A single repeat count applies to every element.
struct ConvertRepeatInterleaveSelfTensor
    : public ONNXConversionPattern<Torch::AtenRepeatInterleaveSelfTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenRepeatInterleaveSelfTensorOp op,
                  OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    if (!type || !rank)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value repeats = getRepeatsVector(b, adaptor.getRepeats());
    if (!repeats)
      return rewriter.notifyMatchFailure(op, "unsupported repeats");
    int64_t axis = 0;
    if (isNone(op.getDim())) {
      input = b.reshape(input, {-1});
    } else {
      std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
      if (!dim || !isValidDim(*dim, std::max<int64_t>(*rank, 1)))
        return rewriter.notifyMatchFailure(op, "unsupported dim");
      if (*rank == 0)
        input = b.reshape(input, {1});
      axis = normalizeDim(*dim, std::max<int64_t>(*rank, 1));
    }
    // One count per element of the dim, broadcast from a single one.
    int64_t count = (*getShape(input))[axis];
    repeats = b.create<ONNX::ExpandOp>(
        RankedTensorType::get({count}, rewriter.getI64Type()),
        {repeats, b.concatSizes({b.dimSize(input, axis)})});
    Value indices = buildRepeatedIndices(b, repeats, type.getDimSize(axis),
                                         op.getOutputSize());
    rewriter.replaceOp(op, b.create<ONNX::GatherOp>(type, {input, indices},
                                                    {b.intAttr("axis", axis)}));
    return success();
  }
};

/// atleast_1d/2d/3d: Unsqueeze of the dims that PyTorch adds.
template <typename OpTy, int64_t Wanted>
struct ConvertAtLeast : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    if (!rank)
      return rewriter.notifyMatchFailure(op, "unranked operand");
    SmallVector<int64_t> axes = Torch::getAtLeastAxes(*rank, Wanted);
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, axes.empty() ? input : b.unsqueeze(input, axes));
    return success();
  }
};

/// unsqueeze(self, dim).
struct ConvertUnsqueeze : public ONNXConversionPattern<Torch::AtenUnsqueezeOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenUnsqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> rank = getRank(adaptor.getSelf());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    if (!rank || !dim || !isValidDim(*dim, *rank + 1))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    rewriter.replaceOp(
        op, ONNXBuilder(rewriter, op.getLoc())
                .unsqueeze(adaptor.getSelf(), {normalizeDim(*dim, *rank + 1)}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Broadcasting and tiling
//===----------------------------------------------------------------------===//

/// expand and broadcast_to: Expand, where -1 (keep the dim) becomes 1.
template <typename OpTy>
struct ConvertExpand : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    if (type.hasStaticShape()) {
      rewriter.replaceOp(
          op, input.getType() == type
                  ? input
                  : b.create<ONNX::ExpandOp>(
                        type, {input, b.i64Tensor(type.getShape())}));
      return success();
    }
    std::optional<SmallVector<Value>> elements =
        getListElements(op->getOperand(1));
    if (!elements)
      return rewriter.notifyMatchFailure(op, "unknown sizes");
    SmallVector<ShapeEntry> entries;
    for (auto [i, element] : llvm::enumerate(*elements)) {
      int64_t dim = type.getDimSize(i);
      std::optional<int64_t> constant = Torch::matchConstantInt(element);
      if (constant)
        entries.push_back({*constant == -1 ? 1 : *constant, {}});
      else if (dim != ShapedType::kDynamic)
        entries.push_back({dim, {}});
      else {
        FailureOr<Value> size = getScalarAsTensor(
            rewriter, op.getLoc(), element, rewriter.getI64Type());
        if (failed(size))
          return failure();
        entries.push_back({std::nullopt, *size});
      }
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ExpandOp>(type, {input, buildShape(b, entries)}));
    return success();
  }
};

/// expand_as: Expand to the shape of the other tensor.
struct ConvertExpandAs : public ONNXConversionPattern<Torch::AtenExpandAsOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenExpandAsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    ONNXBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, b.create<ONNX::ExpandOp>(
                type, {adaptor.getSelf(), b.shapeOf(adaptor.getOther())}));
    return success();
  }
};

/// repeat and tile: Tile, after Unsqueeze when there are more repeats than
/// dims.
template <typename OpTy>
struct ConvertTile : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorType type =
        getConvertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    std::optional<int64_t> rank = getRank(input);
    std::optional<SmallVector<int64_t>> repeats =
        Torch::matchConstantIntList(op->getOperand(1));
    if (!type || !rank || !repeats)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    int64_t count = repeats->size();
    if (count > *rank) {
      SmallVector<int64_t> axes;
      for (int64_t d = 0; d < count - *rank; ++d)
        axes.push_back(d);
      input = b.unsqueeze(input, axes);
    } else if (count < *rank) {
      repeats->insert(repeats->begin(), *rank - count, 1);
    }
    if (llvm::all_of(*repeats, [](int64_t r) { return r == 1; }) &&
        input.getType() == type) {
      rewriter.replaceOp(op, input);
      return success();
    }
    rewriter.replaceOp(
        op, b.create<ONNX::TileOp>(type, {input, b.i64Tensor(*repeats)}));
    return success();
  }
};

/// tril and triu: Trilu from opset 14; below, a constant mask selects the
/// kept elements of a static matrix.
template <typename OpTy, bool IsUpper>
struct ConvertTriangular : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> diagonal = Torch::matchConstantInt(op.getDiagonal());
    if (!type || type.getRank() < 2 || !diagonal)
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    Value input = adaptor.getSelf();
    if (this->opset >= 14) {
      rewriter.replaceOp(
          op, b.create<ONNX::TriluOp>(type, {input, b.i64Scalar(*diagonal)},
                                      {b.intAttr("upper", IsUpper)}));
      return success();
    }
    int64_t rows = type.getDimSize(type.getRank() - 2);
    int64_t cols = type.getDimSize(type.getRank() - 1);
    if (rows == ShapedType::kDynamic || cols == ShapedType::kDynamic)
      return rewriter.notifyMatchFailure(
          op, "tril/triu of a dynamic matrix before opset 14");
    SmallVector<bool> mask;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        mask.push_back(IsUpper ? j - i >= *diagonal : j - i <= *diagonal);
    auto maskType = RankedTensorType::get({rows, cols}, rewriter.getI1Type());
    Value maskValue = b.constant(DenseElementsAttr::get(maskType, mask));
    rewriter.replaceOp(op, b.create<ONNX::WhereOp>(
                               type, {maskValue, input,
                                      b.scalar(type.getElementType(), 0.0)}));
    return success();
  }
};

/// _shape_as_tensor: Shape.
struct ConvertShapeAsTensor
    : public ONNXConversionPattern<Torch::Aten_ShapeAsTensorOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten_ShapeAsTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, ONNXBuilder(rewriter, op.getLoc()).shapeOf(adaptor.getSelf()));
    return success();
  }
};

} // namespace

void torch_to_onnx::populateShapePatterns(TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertReshape<AtenViewOp>, ConvertReshape<AtenReshapeOp>,
              ConvertReshape<Aten_ReshapeAliasOp>,
              ConvertReshape<Aten_UnsafeViewOp>, ConvertReshape<AtenViewCopyOp>,
              ConvertReshapeAs<AtenViewAsOp>,
              ConvertReshapeAs<AtenReshapeAsOp>, ConvertFlatten,
              ConvertUnflatten>(typeConverter, patterns, opset);
  addPatterns<ConvertPermutation<AtenPermuteOp>,
              ConvertPermutation<AtenTransposeIntOp>,
              ConvertPermutation<AtenTOp>, ConvertPermutation<AtenNumpyTOp>,
              ConvertPermutation<AtenMTOp>, ConvertPermutation<AtenMHOp>,
              ConvertPermutation<AtenAdjointOp>,
              ConvertPermutation<AtenMovedimIntOp>>(typeConverter, patterns,
                                                    opset);
  addPatterns<ConvertSqueezeDims, ConvertDiagonal<AtenDiagonalOp>,
              ConvertDiagonal<AtenDiagonalCopyOp>, ConvertRepeatInterleave,
              ConvertRepeatInterleaveTensor, ConvertRepeatInterleaveSelfTensor,
              ConvertAtLeast<AtenAtleast1dOp, 1>,
              ConvertAtLeast<AtenAtleast2dOp, 2>,
              ConvertAtLeast<AtenAtleast3dOp, 3>>(typeConverter, patterns,
                                                  opset);
  addPatterns<ConvertSqueeze<AtenSqueezeOp>, ConvertSqueeze<AtenSqueezeDimOp>,
              ConvertUnsqueeze, ConvertExpand<AtenExpandOp>,
              ConvertExpand<AtenBroadcastToOp>, ConvertExpandAs,
              ConvertTile<AtenRepeatOp>, ConvertTile<AtenTileOp>,
              ConvertTriangular<AtenTrilOp, false>,
              ConvertTriangular<AtenTriuOp, true>, ConvertShapeAsTensor>(
      typeConverter, patterns, opset);
}
