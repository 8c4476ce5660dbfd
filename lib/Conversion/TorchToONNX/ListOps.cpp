//===- ListOps.cpp - Tensor lists to ONNX: cat, stack, split --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Lists and tuples of tensors have no ONNX value: cat and stack read the
// tensors of their `torch.prim.ListConstruct`, and the tensors of a split
// (split, split_with_sizes, chunk, unbind) are the results of one ONNX
// Split, taken by the `torch.prim.ListUnpack` or `aten.__getitem__.t` that
// consume the list; so are the tensors of broadcast_tensors and
// nonzero_numpy, taken by a `torch.prim.ListUnpack`.
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

//===----------------------------------------------------------------------===//
// cat and stack
//===----------------------------------------------------------------------===//

/// cat and concat: Concat of the tensors cast to the result's element type.
/// 1-D empty tensors, which cat skips, are dropped.
template <typename OpTy>
struct ConvertCat : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    FailureOr<SmallVector<Value>> tensors =
        getTensorListElements(rewriter, op.getTensors());
    if (!type || !dim || failed(tensors) || tensors->empty() ||
        !isValidDim(*dim, std::max<int64_t>(type.getRank(), 1)))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> inputs;
    for (Value tensor : *tensors) {
      std::optional<SmallVector<int64_t>> shape = getShape(tensor);
      if (shape && shape->size() == 1 && (*shape)[0] == 0 &&
          type.getRank() != 1)
        continue;
      inputs.push_back(b.cast(tensor, type.getElementType()));
    }
    if (inputs.empty())
      return rewriter.notifyMatchFailure(op, "only empty tensors");
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ConcatOp>(
                type, inputs,
                {b.intAttr("axis", normalizeDim(*dim, type.getRank()))}));
    return success();
  }
};

/// stack: Concat of the tensors, each unsqueezed at `dim`.
struct ConvertStack : public ONNXConversionPattern<Torch::AtenStackOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::AtenStackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getConvertedRankedType(getTypeConverter(), op.getResult());
    std::optional<int64_t> dim = Torch::matchConstantInt(op.getDim());
    FailureOr<SmallVector<Value>> tensors =
        getTensorListElements(rewriter, op.getTensors());
    if (!type || !dim || failed(tensors) || tensors->empty() ||
        !isValidDim(*dim, type.getRank()))
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    int64_t axis = normalizeDim(*dim, type.getRank());
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> inputs;
    for (Value tensor : *tensors)
      inputs.push_back(
          b.unsqueeze(b.cast(tensor, type.getElementType()), {axis}));
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ConcatOp>(type, inputs, {b.intAttr("axis", axis)}));
    return success();
  }
};

/// hstack, vstack and column_stack: Concat of the tensors reshaped as
/// PyTorch does first. hstack takes each as at least 1-D and joins 1-D
/// tensors along dim 0, others along dim 1; vstack takes each as at least
/// 2-D ([n] as [1, n]) and joins along dim 0; column_stack makes a 0-d or
/// 1-D tensor a column, then stacks as hstack.
template <typename OpTy>
struct ConvertStackLike : public ONNXConversionPattern<OpTy> {
  using ONNXConversionPattern<OpTy>::ONNXConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        getConvertedRankedType(this->getTypeConverter(), op.getResult());
    FailureOr<SmallVector<Value>> tensors =
        getTensorListElements(rewriter, op.getTensors());
    if (!type || failed(tensors) || tensors->empty())
      return rewriter.notifyMatchFailure(op, "unsupported operands");
    constexpr bool kVertical = std::is_same_v<OpTy, Torch::AtenVstackOp>;
    ONNXBuilder b(rewriter, op.getLoc());
    SmallVector<Value> inputs;
    for (Value tensor : *tensors) {
      std::optional<int64_t> rank = getRank(tensor);
      if (!rank)
        return rewriter.notifyMatchFailure(op, "a tensor of unknown rank");
      Value input = b.cast(tensor, type.getElementType());
      if (std::is_same_v<OpTy, Torch::AtenColumnStackOp> && *rank <= 1)
        input = b.reshape(input, {-1, 1});
      else if (*rank == 0)
        input = b.reshape(input, kVertical ? ArrayRef<int64_t>{1, 1}
                                           : ArrayRef<int64_t>{1});
      else if (kVertical && *rank == 1)
        input = b.unsqueeze(input, {0});
      inputs.push_back(input);
    }
    int64_t axis = kVertical || type.getRank() == 1 ? 0 : 1;
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    rewriter.replaceOp(
        op, b.create<ONNX::ConcatOp>(type, inputs, {b.intAttr("axis", axis)}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Splits
//===----------------------------------------------------------------------===//

/// How a split-like op cuts its input: along `axis` into pieces of
/// `sizes`; unbind also drops the axis.
struct SplitInfo {
  Value self;
  int64_t axis;
  SmallVector<int64_t> sizes;
  bool squeeze = false;
};

/// The size of dim `dim` of Torch tensor `self` and its rank, if known.
std::optional<std::pair<int64_t, int64_t>> getStaticDim(Value self,
                                                        Value dimValue) {
  auto type = dyn_cast<Torch::BaseTensorType>(self.getType());
  std::optional<int64_t> dim = Torch::matchConstantInt(dimValue);
  if (!type || !type.hasSizes() || !dim || !isValidDim(*dim, type.getRank()))
    return std::nullopt;
  int64_t axis = normalizeDim(*dim, type.getRank());
  return std::make_pair(axis, type.getSizes()[axis]);
}

/// Equal pieces of `pieceSize` covering `total`, the last one shorter.
SmallVector<int64_t> getEqualPieces(int64_t total, int64_t pieceSize) {
  SmallVector<int64_t> sizes;
  for (int64_t start = 0; start < total; start += pieceSize)
    sizes.push_back(std::min(pieceSize, total - start));
  return sizes;
}

std::optional<SplitInfo> getSplitInfo(Operation *producer) {
  if (!producer)
    return std::nullopt;
  auto fromSizes = [](Value self, Value dim,
                      Value sizeList) -> std::optional<SplitInfo> {
    auto axis = getStaticDim(self, dim);
    std::optional<SmallVector<int64_t>> sizes = Torch::matchConstantIntList(sizeList);
    if (!axis || !sizes)
      return std::nullopt;
    return SplitInfo{self, axis->first, *sizes};
  };
  auto fromPieceSize =
      [](Value self, Value dim,
         std::optional<int64_t> pieceSize) -> std::optional<SplitInfo> {
    auto axis = getStaticDim(self, dim);
    if (!axis || !pieceSize || *pieceSize <= 0 ||
        axis->second == ShapedType::kDynamic)
      return std::nullopt;
    return SplitInfo{self, axis->first,
                     getEqualPieces(axis->second, *pieceSize)};
  };
  if (auto split = dyn_cast<Torch::AtenSplitTensorOp>(producer))
    return fromPieceSize(split.getSelf(), split.getDim(),
                         Torch::matchConstantInt(split.getSplitSize()));
  if (auto split = dyn_cast<Torch::AtenUnsafeSplitTensorOp>(producer))
    return fromPieceSize(split.getSelf(), split.getDim(),
                         Torch::matchConstantInt(split.getSplitSize()));
  if (auto split = dyn_cast<Torch::AtenSplitWithSizesOp>(producer))
    return fromSizes(split.getSelf(), split.getDim(), split.getSplitSizes());
  if (auto split = dyn_cast<Torch::AtenSplitSizesOp>(producer))
    return fromSizes(split.getSelf(), split.getDim(), split.getSplitSize());
  if (auto split = dyn_cast<Torch::AtenSplitOp>(producer))
    return fromSizes(split.getSelf(), split.getDim(), split.getSplitSizes());
  if (auto chunk = dyn_cast<Torch::AtenChunkOp>(producer)) {
    auto axis = getStaticDim(chunk.getSelf(), chunk.getDim());
    std::optional<int64_t> chunks = Torch::matchConstantInt(chunk.getChunks());
    if (!axis || !chunks || *chunks <= 0 ||
        axis->second == ShapedType::kDynamic)
      return std::nullopt;
    int64_t pieceSize = (axis->second + *chunks - 1) / *chunks;
    return SplitInfo{
        chunk.getSelf(), axis->first,
        getEqualPieces(axis->second, std::max<int64_t>(pieceSize, 1))};
  }
  if (auto unbind = dyn_cast<Torch::AtenUnbindIntOp>(producer)) {
    auto axis = getStaticDim(unbind.getSelf(), unbind.getDim());
    if (!axis || axis->second == ShapedType::kDynamic)
      return std::nullopt;
    SplitInfo info{unbind.getSelf(), axis->first,
                   SmallVector<int64_t>(axis->second, 1)};
    info.squeeze = true;
    return info;
  }
  return std::nullopt;
}

/// The pieces of `info` as ONNX values: one Split (or the input itself when
/// there is one piece), squeezed for unbind.
FailureOr<SmallVector<Value>> createSplit(ConversionPatternRewriter &rewriter,
                                          Location loc, const SplitInfo &info) {
  Value input = rewriter.getRemappedValue(info.self);
  std::optional<SmallVector<int64_t>> shape =
      input ? getShape(input) : std::nullopt;
  if (!shape)
    return failure();
  ONNXBuilder b(rewriter, loc);
  SmallVector<Value> pieces;
  if (info.sizes.size() == 1) {
    pieces.push_back(input);
  } else {
    SmallVector<Type> types;
    for (int64_t size : info.sizes) {
      SmallVector<int64_t> pieceShape(*shape);
      pieceShape[info.axis] = size;
      types.push_back(RankedTensorType::get(pieceShape, getElementType(input)));
    }
    auto split =
        b.createOp<ONNX::SplitOp>(types, {input, b.i64Tensor(info.sizes)},
                                  {b.intAttr("axis", info.axis)});
    pieces.append(split->getResults().begin(), split->getResults().end());
  }
  if (info.squeeze)
    for (Value &piece : pieces)
      piece = b.squeeze(piece, {info.axis});
  return pieces;
}

/// The tensors of `broadcast_tensors(tensors)`, each an Expand to the shape
/// that all of them broadcast to. Expand broadcasts both ways, so expanding
/// the first tensor by the shape of each other one gives that shape.
FailureOr<SmallVector<Value>>
createBroadcast(ConversionPatternRewriter &rewriter, Location loc,
                Torch::AtenBroadcastTensorsOp op) {
  std::optional<SmallVector<Value>> elements =
      getListElements(op.getTensors());
  if (!elements || elements->empty())
    return failure();
  SmallVector<Value> tensors;
  for (Value element : *elements) {
    Value converted = rewriter.getRemappedValue(element);
    if (!converted || !getRank(converted))
      return failure();
    tensors.push_back(converted);
  }
  if (tensors.size() == 1)
    return tensors;
  ONNXBuilder b(rewriter, loc);
  Value full = tensors.front();
  for (Value other : ArrayRef(tensors).drop_front())
    full = b.create<ONNX::ExpandOp>(
        getBroadcastType(full, other, getElementType(full)),
        {full, b.shapeOf(other)});
  Value shape = b.shapeOf(full);
  for (Value &tensor : tensors)
    tensor = b.create<ONNX::ExpandOp>(
        getBroadcastType(tensor, full, getElementType(tensor)),
        {tensor, shape});
  return tensors;
}

/// The tensors of `nonzero_numpy(self)`, one per dim of self (one for a 0-d
/// self): the rows of NonZero, each the positions along one dim, of the
/// converted `types`.
FailureOr<SmallVector<Value>>
createNonzeroRows(ConversionPatternRewriter &rewriter, Location loc,
                  Torch::AtenNonzeroNumpyOp op, TypeRange types) {
  Value self = rewriter.getRemappedValue(op.getSelf());
  std::optional<int64_t> rank = self ? getRank(self) : std::nullopt;
  if (!rank || llvm::is_contained(types, Type()) ||
      static_cast<size_t>(std::max<int64_t>(*rank, 1)) != types.size())
    return failure();
  ONNXBuilder b(rewriter, loc);
  if (*rank == 0)
    self = b.reshape(self, {1});
  auto rowType = dyn_cast<RankedTensorType>(types.front());
  int64_t count = rowType && rowType.getRank() == 1 ? rowType.getDimSize(0)
                                                    : ShapedType::kDynamic;
  Value positions = b.create<ONNX::NonZeroOp>(
      RankedTensorType::get({static_cast<int64_t>(types.size()), count},
                            rewriter.getI64Type()),
      self);
  SmallVector<Value> rows;
  for (auto [dim, type] : llvm::enumerate(types)) {
    Value row = b.create<ONNX::GatherOp>(
        RankedTensorType::get({count}, rewriter.getI64Type()),
        {positions, b.i64Scalar(dim)}, {b.intAttr("axis", 0)});
    rows.push_back(b.cast(row, cast<TensorType>(type).getElementType()));
  }
  return rows;
}

/// prim.ListUnpack of a split, of broadcast_tensors, of nonzero_numpy, or
/// of a list built in place.
struct ConvertListUnpack
    : public ONNXConversionPattern<Torch::PrimListUnpackOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimListUnpackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::optional<SmallVector<Value>> elements =
            getListElements(op.getOperand())) {
      SmallVector<Value> values;
      for (Value element : *elements)
        values.push_back(rewriter.getRemappedValue(element));
      if (values.size() != op->getNumResults() ||
          llvm::is_contained(values, Value()))
        return rewriter.notifyMatchFailure(op, "unknown elements");
      rewriter.replaceOp(op, values);
      return success();
    }
    if (auto broadcast =
            op.getOperand().getDefiningOp<Torch::AtenBroadcastTensorsOp>()) {
      FailureOr<SmallVector<Value>> tensors =
          createBroadcast(rewriter, op.getLoc(), broadcast);
      if (failed(tensors) || tensors->size() != op->getNumResults())
        return rewriter.notifyMatchFailure(op, "unsupported broadcast");
      rewriter.replaceOp(op, *tensors);
      return success();
    }
    if (auto nonzero =
            op.getOperand().getDefiningOp<Torch::AtenNonzeroNumpyOp>()) {
      SmallVector<Type> types;
      for (Value result : op->getResults())
        types.push_back(getConvertedTensorType(getTypeConverter(), result));
      FailureOr<SmallVector<Value>> rows =
          createNonzeroRows(rewriter, op.getLoc(), nonzero, types);
      if (failed(rows))
        return rewriter.notifyMatchFailure(op, "unsupported nonzero_numpy");
      rewriter.replaceOp(op, *rows);
      return success();
    }
    std::optional<SplitInfo> info =
        getSplitInfo(op.getOperand().getDefiningOp());
    if (!info || info->sizes.size() != op->getNumResults())
      return rewriter.notifyMatchFailure(op, "unknown list producer");
    FailureOr<SmallVector<Value>> pieces =
        createSplit(rewriter, op.getLoc(), *info);
    if (failed(pieces))
      return failure();
    rewriter.replaceOp(op, *pieces);
    return success();
  }
};

/// aten.__getitem__.t with a constant index into a split or a list built in
/// place.
struct ConvertListGetItem
    : public ONNXConversionPattern<Torch::Aten__Getitem__TOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::Aten__Getitem__TOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> index = Torch::matchConstantInt(op.getIdx());
    if (!index)
      return rewriter.notifyMatchFailure(op, "non-constant index");
    auto pick = [&](int64_t count) -> std::optional<int64_t> {
      int64_t i = *index < 0 ? *index + count : *index;
      if (i < 0 || i >= count)
        return std::nullopt;
      return i;
    };
    if (std::optional<SmallVector<Value>> elements =
            getListElements(op.getList())) {
      std::optional<int64_t> i = pick(elements->size());
      Value value = i ? rewriter.getRemappedValue((*elements)[*i]) : Value();
      if (!value)
        return rewriter.notifyMatchFailure(op, "index out of range");
      rewriter.replaceOp(op, value);
      return success();
    }
    std::optional<SplitInfo> info = getSplitInfo(op.getList().getDefiningOp());
    std::optional<int64_t> i = info ? pick(info->sizes.size()) : std::nullopt;
    if (!i)
      return rewriter.notifyMatchFailure(op, "unknown list producer");
    FailureOr<SmallVector<Value>> pieces =
        createSplit(rewriter, op.getLoc(), *info);
    if (failed(pieces))
      return failure();
    rewriter.replaceOp(op, (*pieces)[*i]);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

/// prim.TupleUnpack of a tuple built in place.
struct ConvertTupleUnpack
    : public ONNXConversionPattern<Torch::PrimTupleUnpackOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimTupleUnpackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tuple = op.getOperand().getDefiningOp<Torch::PrimTupleConstructOp>();
    if (!tuple)
      return rewriter.notifyMatchFailure(op, "unknown tuple producer");
    SmallVector<Value> values;
    for (Value element : tuple.getElements())
      values.push_back(rewriter.getRemappedValue(element));
    if (llvm::is_contained(values, Value()))
      return failure();
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// prim.TupleIndex of a tuple built in place.
struct ConvertTupleIndex
    : public ONNXConversionPattern<Torch::PrimTupleIndexOp> {
  using ONNXConversionPattern::ONNXConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::PrimTupleIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tuple = op.getTuple().getDefiningOp<Torch::PrimTupleConstructOp>();
    std::optional<int64_t> index = Torch::matchConstantInt(op.getIndex());
    if (!tuple || !index || *index < 0 ||
        *index >= static_cast<int64_t>(tuple.getElements().size()))
      return rewriter.notifyMatchFailure(op, "unknown tuple element");
    Value value = rewriter.getRemappedValue(tuple.getElements()[*index]);
    if (!value)
      return failure();
    rewriter.replaceOp(op, value);
    return success();
  }
};

} // namespace

void torch_to_onnx::populateListPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         int64_t opset) {
  using namespace Torch;
  addPatterns<ConvertCat<AtenCatOp>, ConvertCat<AtenConcatOp>, ConvertStack,
              ConvertStackLike<AtenHstackOp>, ConvertStackLike<AtenVstackOp>,
              ConvertStackLike<AtenColumnStackOp>,
              ConvertListUnpack, ConvertListGetItem, ConvertTupleUnpack,
              ConvertTupleIndex>(typeConverter, patterns, opset);
}
