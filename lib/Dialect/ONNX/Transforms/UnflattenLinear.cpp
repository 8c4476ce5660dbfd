//===- UnflattenLinear.cpp - Flattened Gemm of a linear layer to MatMul ---===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "ConstantEvaluation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstdint>
#include <optional>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_UNFLATTENLINEAR
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

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

/// Whether integer attribute `name` of `op` is `expected`, or absent and
/// `expected` is its default.
bool hasIntAttr(Operation *op, StringRef name, int64_t expected,
                int64_t fallback) {
  auto attr = op->getAttrOfType<IntegerAttr>(name);
  return (attr ? attr.getInt() : fallback) == expected;
}

/// Whether float attribute `name` of `op` is 1 or absent.
bool isOneOrAbsent(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<FloatAttr>(name);
  return !attr || attr.getValueAsDouble() == 1.0;
}

/// The index of the only element of constant `value`, normalized against
/// `size`, or nullopt.
std::optional<int64_t> getIndex(Value value, int64_t size) {
  auto values = getConstantInts(value);
  if (!values || values->size() != 1)
    return std::nullopt;
  int64_t index = values->front() < 0 ? values->front() + size
                                      : values->front();
  return std::clamp<int64_t>(index, 0, size);
}

/// The dims [start, end) of `x` that 1-D value `piece` holds, when it is
/// `Shape(x)` (with or without a range), a Slice of it along axis 0 with
/// step 1, or `Unsqueeze(Gather(Shape(x), i), [0])`.
std::optional<std::pair<int64_t, int64_t>> getDimRange(Value piece,
                                                       Value x) {
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  auto shapeRange = [&](Operation *shape)
      -> std::optional<std::pair<int64_t, int64_t>> {
    if (!isa_and_nonnull<ONNX::ShapeOp>(shape) || shape->getOperand(0) != x)
      return std::nullopt;
    auto bound = [&](StringRef name, int64_t fallback) {
      auto attr = shape->getAttrOfType<IntegerAttr>(name);
      int64_t value = attr ? attr.getInt() : fallback;
      return std::clamp<int64_t>(value < 0 ? value + rank : value, 0, rank);
    };
    return std::make_pair(bound("start", 0), bound("end", rank));
  };
  Operation *def = piece.getDefiningOp();
  if (auto range = shapeRange(def))
    return range;
  if (isa_and_nonnull<ONNX::SliceOp>(def)) {
    auto range = shapeRange(def->getOperand(0).getDefiningOp());
    if (!range)
      return std::nullopt;
    int64_t length = range->second - range->first;
    auto start = getIndex(def->getOperand(1), length);
    auto end = getIndex(def->getOperand(2), length);
    if (!start || !end || *end < *start)
      return std::nullopt;
    for (unsigned i = 3; i < def->getNumOperands(); ++i) {
      if (isa<NoneType>(def->getOperand(i).getType()))
        continue;
      // Axes [0] and steps [1].
      auto values = getConstantInts(def->getOperand(i));
      if (!values || values->size() != 1 ||
          (i == 3 ? (*values)[0] != 0 && (*values)[0] != -1
                  : (*values)[0] != 1))
        return std::nullopt;
    }
    return std::make_pair(range->first + *start, range->first + *end);
  }
  if (isa_and_nonnull<ONNX::UnsqueezeOp>(def)) {
    auto axes = getConstantInts(def->getOperand(1));
    Operation *gather = def->getOperand(0).getDefiningOp();
    if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1) ||
        !isa_and_nonnull<ONNX::GatherOp>(gather))
      return std::nullopt;
    auto shapeType = dyn_cast<RankedTensorType>(gather->getResult(0).getType());
    auto range = shapeRange(gather->getOperand(0).getDefiningOp());
    if (!shapeType || shapeType.getRank() != 0 || !range)
      return std::nullopt;
    auto values = getConstantInts(gather->getOperand(1));
    int64_t length = range->second - range->first;
    if (!values || values->size() != 1 || (*values)[0] < -length ||
        (*values)[0] >= length)
      return std::nullopt;
    int64_t index = range->first + (*values)[0] +
                    ((*values)[0] < 0 ? length : 0);
    return std::make_pair(index, index + 1);
  }
  return std::nullopt;
}

/// Whether 1-D shape `shape` is `x`'s leading dims followed by `outputs`:
/// constants equal to static dims, and dims read from `Shape(x)`, in order,
/// one piece or a Concat of pieces.
bool isUnflattenedShape(Value shape, Value x, int64_t outputs) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t leading = type.getRank() - 1;
  SmallVector<Value> pieces = {shape};
  if (auto concat = shape.getDefiningOp<ONNX::ConcatOp>())
    pieces.assign(concat->getOperands().begin(), concat->getOperands().end());
  int64_t next = 0;
  for (Value piece : pieces) {
    if (auto values = getConstantInts(piece)) {
      for (int64_t value : *values) {
        if (next > leading ||
            (next == leading && value != outputs) ||
            (next < leading &&
             (type.isDynamicDim(next) || type.getDimSize(next) != value)))
          return false;
        ++next;
      }
      continue;
    }
    auto range = getDimRange(piece, x);
    if (!range || range->first != next || range->second > leading)
      return false;
    next = range->second;
  }
  return next == leading + 1;
}

/// `Reshape(Gemm(Reshape(x, [-1, K]), W, b), lead(x) ++ [N])`, the form
/// the conversion gives a linear layer (transB = 1) or an addmm of a
/// flattened input (transB = 0) on an input of rank 3 or more, becomes
/// `Add(MatMul(x, W'), b)`. With transB = 1, W' is `Transpose(W)` when this
/// Gemm is W's only reader: the emitter writes it as the initializer `W.T`,
/// transposing as it writes, so the transpose costs no memory and no copy.
struct UnflattenLinearPattern : public OpRewritePattern<ONNX::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ONNX::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *gemm = op->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::GemmOp>(gemm) ||
        !gemm->getResult(0).hasOneUse() ||
        !hasIntAttr(gemm, "transA", 0, 0) || !isOneOrAbsent(gemm, "alpha") ||
        !isOneOrAbsent(gemm, "beta"))
      return failure();
    bool transB = hasIntAttr(gemm, "transB", 1, 0);
    Operation *flatten = gemm->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<ONNX::ReshapeOp>(flatten))
      return failure();
    Value x = flatten->getOperand(0);
    Value weight = gemm->getOperand(1);
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    auto weightType = dyn_cast<RankedTensorType>(weight.getType());
    if (!xType || xType.getRank() < 3 ||
        xType.isDynamicDim(xType.getRank() - 1) || !resultType ||
        resultType.getRank() != xType.getRank() || !weightType ||
        weightType.getRank() != 2 || !weightType.hasStaticShape() ||
        weightType.getElementType() != xType.getElementType())
      return failure();
    int64_t columns = xType.getShape().back();
    int64_t outputs = weightType.getDimSize(transB ? 0 : 1);
    if (weightType.getDimSize(transB ? 1 : 0) != columns)
      return failure();
    // The flattening keeps the last dim, the unflattening restores x's
    // leading dims.
    auto flatShape = getConstantInts(flatten->getOperand(1));
    if (!flatShape || flatShape->size() != 2 || (*flatShape)[1] != columns ||
        !isUnflattenedShape(op->getOperand(1), x, outputs))
      return failure();
    Value bias = gemm->getNumOperands() > 2 ? gemm->getOperand(2) : Value();
    if (bias && !isa<NoneType>(bias.getType())) {
      auto biasType = dyn_cast<RankedTensorType>(bias.getType());
      // A bias that broadcasts over the rows only.
      if (!biasType || biasType.getRank() > 1 ||
          (biasType.getRank() == 1 && biasType.getDimSize(0) != outputs &&
           biasType.getDimSize(0) != 1))
        return failure();
    } else {
      bias = Value();
    }
    auto init = weight.getDefiningOp<ONNX::InitializerOp>();
    if (transB) {
      // In a subgraph the transpose would run at every step.
      if (!init || !weight.hasOneUse() ||
          init->getBlock() != gemm->getBlock())
        return failure();
      rewriter.setInsertionPoint(gemm);
      auto transposedType = RankedTensorType::get(
          {columns, outputs}, weightType.getElementType());
      weight = ONNX::TransposeOp::create(
                   rewriter, init.getLoc(), TypeRange{transposedType},
                   ValueRange{weight},
                   ArrayRef<NamedAttribute>{rewriter.getNamedAttr(
                       "perm", rewriter.getI64ArrayAttr({1, 0}))})
                   ->getResult(0);
    }
    rewriter.setInsertionPoint(op);
    Value result =
        ONNX::MatMulOp::create(rewriter, gemm->getLoc(), TypeRange{resultType},
                               ValueRange{x, weight},
                               ArrayRef<NamedAttribute>{})
            ->getResult(0);
    if (bias)
      result = ONNX::AddOp::create(rewriter, gemm->getLoc(),
                                   TypeRange{resultType},
                                   ValueRange{result, bias},
                                   ArrayRef<NamedAttribute>{})
                   ->getResult(0);
    rewriter.replaceOp(op, result);
    rewriter.eraseOp(gemm);
    if (flatten->use_empty())
      rewriter.eraseOp(flatten);
    return success();
  }
};

struct UnflattenLinear
    : public ONNX::impl::UnflattenLinearBase<UnflattenLinear> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<UnflattenLinearPattern>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
