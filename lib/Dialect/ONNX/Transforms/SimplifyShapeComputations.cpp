//===- SimplifyShapeComputations.cpp - Fewer nodes for shape arithmetic ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The conversion computes each dynamic size where an aten op reads it:
// Shape, Gather of one dim, Unsqueeze, Concat, Reshape. These patterns merge
// the chains that result into fewer nodes.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "ConstantEvaluation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <optional>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_SIMPLIFYSHAPECOMPUTATIONS
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// The opset from which Shape takes `start` and `end`.
constexpr int64_t kShapeSliceOpset = 15;

/// The elements of `value` when it is a constant integer tensor.
std::optional<SmallVector<int64_t>> getConstantInts(Value value) {
  auto dense =
      dyn_cast_or_null<DenseIntElementsAttr>(ONNX::getConstantAttr(value));
  if (!dense)
    return std::nullopt;
  SmallVector<int64_t> result;
  for (const APInt &element : dense.getValues<APInt>())
    result.push_back(element.getSExtValue());
  return result;
}

/// A 1-D i64 constant: an initializer in the graph, a Constant in a
/// subgraph, as folding makes them.
Value createI64Tensor(PatternRewriter &rewriter, Operation *anchor,
                      ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    rewriter.getI64Type());
  auto attr = DenseIntElementsAttr::get(type, values);
  if (isa<func::FuncOp>(anchor->getParentOp()))
    return ONNX::InitializerOp::create(rewriter, anchor->getLoc(), "", attr);
  return ONNX::ConstantOp::create(rewriter, anchor->getLoc(), TypeRange{type},
                                  ValueRange{},
                                  {rewriter.getNamedAttr("value", attr)})
      ->getResult(0);
}

/// The rank of ranked tensor `value`, or nullopt.
std::optional<int64_t> getRank(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getRank();
  return std::nullopt;
}

/// A dim range [start, end) of `source`'s shape, as a Shape op reads it.
struct ShapeRange {
  Value source;
  int64_t start;
  int64_t end;
};

/// The range that Shape op `op` reads, its `start` and `end` normalized
/// against the rank of its input; nullopt for an unranked input.
std::optional<ShapeRange> getShapeRange(Operation *op) {
  if (!isa_and_nonnull<ONNX::ShapeOp>(op))
    return std::nullopt;
  Value source = op->getOperand(0);
  std::optional<int64_t> rank = getRank(source);
  if (!rank)
    return std::nullopt;
  auto bound = [&](StringRef name, int64_t fallback) {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    int64_t value = attr ? attr.getInt() : fallback;
    if (value < 0)
      value += *rank;
    return std::clamp<int64_t>(value, 0, *rank);
  };
  return ShapeRange{source, bound("start", 0), bound("end", *rank)};
}

/// A Shape op of `range`, made before `op`, of type `type`.
Value createShape(PatternRewriter &rewriter, Operation *op,
                  const ShapeRange &range, Type type) {
  rewriter.setInsertionPoint(op);
  int64_t rank = *getRank(range.source);
  auto si64 = rewriter.getIntegerType(64, /*isSigned=*/true);
  SmallVector<NamedAttribute> attrs;
  if (range.end != rank)
    attrs.push_back(
        rewriter.getNamedAttr("end", rewriter.getIntegerAttr(si64, range.end)));
  if (range.start != 0)
    attrs.push_back(rewriter.getNamedAttr(
        "start", rewriter.getIntegerAttr(si64, range.start)));
  return ONNX::ShapeOp::create(rewriter, op->getLoc(), TypeRange{type},
                               ValueRange{range.source}, attrs)
      ->getResult(0);
}

/// Replaces `op`, whose result is 1-D i64, with a Shape op of `range`.
void replaceWithShape(PatternRewriter &rewriter, Operation *op,
                      const ShapeRange &range) {
  rewriter.replaceOp(
      op, createShape(rewriter, op, range, op->getResult(0).getType()));
}

/// `Unsqueeze(Unsqueeze(x, a), b)` is one Unsqueeze of `x` when the inner
/// one has no other user: the outer axes are output dims, the inner ones
/// the remaining output dims in order.
struct MergeUnsqueezes : public OpRewritePattern<ONNX::UnsqueezeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::UnsqueezeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *inner = op->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::UnsqueezeOp>(inner) ||
        !inner->getResult(0).hasOneUse())
      return failure();
    std::optional<int64_t> rank = getRank(op->getResult(0));
    std::optional<SmallVector<int64_t>> outer =
        getConstantInts(op->getOperand(1));
    std::optional<SmallVector<int64_t>> first =
        getConstantInts(inner->getOperand(1));
    std::optional<int64_t> middleRank = getRank(inner->getResult(0));
    if (!rank || !middleRank || !outer || !first)
      return failure();
    SmallVector<bool> isOuter(*rank, false);
    for (int64_t axis : *outer) {
      axis = axis < 0 ? axis + *rank : axis;
      if (axis < 0 || axis >= *rank || isOuter[axis])
        return failure();
      isOuter[axis] = true;
    }
    // Dim `j` of the middle tensor is the j-th output dim not in `outer`.
    SmallVector<int64_t> middleToOutput;
    for (int64_t axis = 0; axis < *rank; ++axis)
      if (!isOuter[axis])
        middleToOutput.push_back(axis);
    if (static_cast<int64_t>(middleToOutput.size()) != *middleRank)
      return failure();
    SmallVector<int64_t> axes(outer->begin(), outer->end());
    for (int64_t axis : *first) {
      axis = axis < 0 ? axis + *middleRank : axis;
      if (axis < 0 || axis >= *middleRank)
        return failure();
      axes.push_back(middleToOutput[axis]);
    }
    for (int64_t &axis : axes)
      axis = axis < 0 ? axis + *rank : axis;
    llvm::sort(axes);
    Value axesValue = createI64Tensor(rewriter, op, axes);
    rewriter.replaceOpWithNewOp<ONNX::UnsqueezeOp>(
        op, op->getResultTypes(),
        ValueRange{inner->getOperand(0), axesValue}, op->getAttrs());
    return success();
  }
};

/// Whether `value` is a constant whose elements all equal `neutral`, read
/// as integers or floats.
bool isSplatOf(Value value, int64_t neutral) {
  ElementsAttr attr = ONNX::getConstantAttr(value);
  if (auto ints = dyn_cast_or_null<DenseIntElementsAttr>(attr))
    return !ints.empty() &&
           llvm::all_of(ints.getValues<APInt>(), [&](const APInt &v) {
             return v.getSExtValue() == neutral;
           });
  if (auto floats = dyn_cast_or_null<DenseFPElementsAttr>(attr))
    return !floats.empty() &&
           llvm::all_of(floats.getValues<APFloat>(), [&](const APFloat &v) {
             return v.convertToDouble() == static_cast<double>(neutral);
           });
  return false;
}

/// `x + 0`, `x - 0`, `x * 1` and `x / 1` are `x` when the constant does
/// not broadcast `x` to a larger shape: on integers all four, on floats
/// only `* 1` and `/ 1`, which are exact (`-0.0 + 0` is `+0.0`).
template <typename OpTy, int64_t Neutral, bool Commutes, bool OnFloats>
struct FoldNeutralArithmetic : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op->getResult(0).getType();
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType)
      return failure();
    Type elementType = tensorType.getElementType();
    if (!isa<IntegerType>(elementType) &&
        !(OnFloats && isa<FloatType>(elementType)))
      return failure();
    for (unsigned i = 0; i < (Commutes ? 2u : 1u); ++i) {
      Value x = op->getOperand(i), other = op->getOperand(1 - i);
      if (x.getType() != resultType || !isSplatOf(other, Neutral))
        continue;
      rewriter.replaceOp(op, x);
      return success();
    }
    return failure();
  }
};

/// `Reshape(Reshape(x, a), b)` is `Reshape(x, b)` when `b` holds no
/// constant 0 (which would copy a dim of the inner result rather than of
/// `x`). A dynamic entry of `b` is a size read at run time; it is 0 only
/// for an empty tensor, which PyTorch refuses to view with a -1 beside it,
/// so dynamic entries are allowed only beside a -1, or when the outer
/// Reshape has `allowzero` set.
struct MergeReshapes : public OpRewritePattern<ONNX::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *inner = op->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::ReshapeOp>(inner))
      return failure();
    auto allowZero = op->getAttrOfType<IntegerAttr>("allowzero");
    if (!(allowZero && allowZero.getInt() != 0) &&
        !hasNoZeroEntry(op->getOperand(1)))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperand(0, inner->getOperand(0)); });
    return success();
  }

  /// Whether 1-D shape `shape` is a constant without 0, or a Concat of
  /// such constants and of other 1-D pieces, one constant holding -1.
  static bool hasNoZeroEntry(Value shape) {
    if (auto values = getConstantInts(shape))
      return !llvm::is_contained(*values, 0);
    Operation *concat = shape.getDefiningOp();
    if (!isa_and_nonnull<ONNX::ConcatOp>(concat))
      return false;
    bool inferred = false;
    for (Value piece : concat->getOperands())
      if (auto values = getConstantInts(piece)) {
        if (llvm::is_contained(*values, 0))
          return false;
        inferred |= llvm::is_contained(*values, -1);
      }
    return inferred;
  }
};

/// A Reshape whose result has its input's type, with at most one dynamic
/// dim, is its input: the element count fixes that dim.
struct RemoveIdentityReshape : public OpRewritePattern<ONNX::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || op->getOperand(0).getType() != type ||
        type.getNumDynamicDims() > 1)
      return failure();
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }
};

/// The permutation of Transpose `op`: its `perm`, or the reversed dims.
std::optional<SmallVector<int64_t>> getPermutation(Operation *op) {
  std::optional<int64_t> rank = getRank(op->getOperand(0));
  if (!rank)
    return std::nullopt;
  SmallVector<int64_t> perm;
  if (auto attr = op->getAttrOfType<ArrayAttr>("perm")) {
    for (Attribute axis : attr)
      perm.push_back(cast<IntegerAttr>(axis).getInt());
  } else {
    for (int64_t i = *rank - 1; i >= 0; --i)
      perm.push_back(i);
  }
  if (static_cast<int64_t>(perm.size()) != *rank)
    return std::nullopt;
  return perm;
}

/// `Transpose(Transpose(x, p), q)` is `Transpose(x, p[q[i]])` when the inner
/// one has no other user, and `x` when that permutation is the identity.
struct MergeTransposes : public OpRewritePattern<ONNX::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *inner = op->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::TransposeOp>(inner) ||
        !inner->getResult(0).hasOneUse())
      return failure();
    auto first = getPermutation(inner), second = getPermutation(op);
    if (!first || !second || first->size() != second->size())
      return failure();
    SmallVector<int64_t> perm;
    for (int64_t axis : *second) {
      if (axis < 0 || axis >= static_cast<int64_t>(first->size()))
        return failure();
      perm.push_back((*first)[axis]);
    }
    Value x = inner->getOperand(0);
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())) &&
        x.getType() == op->getResult(0).getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<ONNX::TransposeOp>(
        op, op->getResultTypes(), ValueRange{x},
        ArrayRef<NamedAttribute>{
            rewriter.getNamedAttr("perm", rewriter.getI64ArrayAttr(perm))});
    return success();
  }
};

/// `Slice(Shape(x), [s], [e])` is `Shape(x) {start = s, end = e}` from
/// opset 15.
struct SliceOfShape : public OpRewritePattern<ONNX::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::SliceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ShapeRange> range =
        getShapeRange(op->getOperand(0).getDefiningOp());
    if (!range)
      return failure();
    std::optional<SmallVector<int64_t>> starts =
        getConstantInts(op->getOperand(1));
    std::optional<SmallVector<int64_t>> ends =
        getConstantInts(op->getOperand(2));
    if (!starts || !ends || starts->size() != 1 || ends->size() != 1)
      return failure();
    auto isPresent = [&](unsigned i) {
      return op->getNumOperands() > i &&
             !isa<NoneType>(op->getOperand(i).getType());
    };
    if (isPresent(3)) {
      auto axes = getConstantInts(op->getOperand(3));
      if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1))
        return failure();
    }
    if (isPresent(4)) {
      auto steps = getConstantInts(op->getOperand(4));
      if (!steps || steps->size() != 1 || (*steps)[0] != 1)
        return failure();
    }
    int64_t length = range->end - range->start;
    auto clampIndex = [&](int64_t index) {
      if (index < 0)
        index += length;
      return std::clamp<int64_t>(index, 0, length);
    };
    int64_t start = clampIndex((*starts)[0]);
    int64_t end = std::max(start, clampIndex((*ends)[0]));
    replaceWithShape(rewriter, op,
                     {range->source, range->start + start,
                      range->start + end});
    return success();
  }
};

/// `Unsqueeze(Gather(Shape(x), i), [0])`, one dim as a 1-D tensor, is
/// `Shape(x) {start = i, end = i + 1}` from opset 15.
struct UnsqueezedDimOfShape : public OpRewritePattern<ONNX::UnsqueezeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ONNX::UnsqueezeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *gather = op->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::GatherOp>(gather) ||
        getRank(gather->getResult(0)) != 0)
      return failure();
    std::optional<SmallVector<int64_t>> axes =
        getConstantInts(op->getOperand(1));
    if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1))
      return failure();
    std::optional<ShapeRange> range =
        getShapeRange(gather->getOperand(0).getDefiningOp());
    std::optional<SmallVector<int64_t>> index =
        getConstantInts(gather->getOperand(1));
    if (!range || !index || index->size() != 1)
      return failure();
    int64_t length = range->end - range->start;
    int64_t i = (*index)[0] < 0 ? (*index)[0] + length : (*index)[0];
    if (i < 0 || i >= length)
      return failure();
    replaceWithShape(rewriter, op,
                     {range->source, range->start + i, range->start + i + 1});
    return success();
  }
};

/// A Concat of 1-D pieces along axis 0 merges neighbours: Shape ranges of
/// one tensor that meet, and constants. A Concat of one piece is the piece.
/// Shape ranges merge only when `shapeRanges` (from opset 15).
struct MergeConcatPieces : public OpRewritePattern<ONNX::ConcatOp> {
  MergeConcatPieces(MLIRContext *context, bool shapeRanges)
      : OpRewritePattern(context), shapeRanges(shapeRanges) {}
  LogicalResult matchAndRewrite(ONNX::ConcatOp op,
                                PatternRewriter &rewriter) const override {
    if (getRank(op->getResult(0)) != 1)
      return failure();
    if (op->getNumOperands() == 1) {
      if (op->getOperand(0).getType() != op->getResult(0).getType())
        return failure();
      rewriter.replaceOp(op, op->getOperand(0));
      return success();
    }
    SmallVector<Value> pieces;
    bool changed = false;
    for (Value piece : op->getOperands()) {
      if (pieces.empty()) {
        pieces.push_back(piece);
        continue;
      }
      Value last = pieces.back();
      std::optional<ShapeRange> a = getShapeRange(last.getDefiningOp());
      std::optional<ShapeRange> b = getShapeRange(piece.getDefiningOp());
      if (shapeRanges && a && b && a->source == b->source &&
          a->end == b->start) {
        ShapeRange merged{a->source, a->start, b->end};
        pieces.back() = createShape(
            rewriter, op, merged,
            RankedTensorType::get({b->end - a->start}, rewriter.getI64Type()));
        changed = true;
        continue;
      }
      auto first = getConstantInts(last), second = getConstantInts(piece);
      auto lastType = dyn_cast<RankedTensorType>(last.getType());
      if (first && second && lastType &&
          lastType.getElementType() ==
              cast<RankedTensorType>(piece.getType()).getElementType() &&
          lastType.getElementType().isInteger(64)) {
        SmallVector<int64_t> values(*first);
        values.append(second->begin(), second->end());
        rewriter.setInsertionPoint(op);
        pieces.back() = createI64Tensor(rewriter, op, values);
        changed = true;
        continue;
      }
      pieces.push_back(piece);
    }
    if (!changed)
      return failure();
    if (pieces.size() == 1 &&
        pieces.front().getType() == op->getResult(0).getType()) {
      rewriter.replaceOp(op, pieces.front());
      return success();
    }
    rewriter.replaceOpWithNewOp<ONNX::ConcatOp>(op, op->getResultTypes(),
                                                pieces, op->getAttrs());
    return success();
  }

  bool shapeRanges;
};

struct SimplifyShapeComputations
    : public ONNX::impl::SimplifyShapeComputationsBase<
          SimplifyShapeComputations> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<MergeUnsqueezes, MergeReshapes, RemoveIdentityReshape,
                 MergeTransposes,
                 FoldNeutralArithmetic<ONNX::AddOp, 0, true, false>,
                 FoldNeutralArithmetic<ONNX::SubOp, 0, false, false>,
                 FoldNeutralArithmetic<ONNX::MulOp, 1, true, true>,
                 FoldNeutralArithmetic<ONNX::DivOp, 1, false, true>>(context);
    bool shapeRanges =
        ONNX::getTargetOpset(getOperation()) >= kShapeSliceOpset;
    if (shapeRanges)
      patterns.add<SliceOfShape, UnsqueezedDimOfShape>(context);
    patterns.add<MergeConcatPieces>(context, shapeRanges);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
