//===- FuseRMSNormalization.cpp - RMS norm arithmetic to one op -----------===//
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

#include <optional>

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_FUSERMSNORMALIZATION
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// The opset that defines RMSNormalization.
constexpr int64_t kRMSNormalizationOpset = 23;

/// The value of a constant float tensor of one element.
std::optional<double> getScalarFloat(Value value) {
  auto dense = dyn_cast_or_null<DenseFPElementsAttr>(
      ONNX::getConstantAttr(value));
  if (!dense || dense.getNumElements() != 1)
    return std::nullopt;
  return (*dense.getValues<APFloat>().begin()).convertToDouble();
}

/// Whether ReduceMean `op` averages over the last dim of its input only,
/// keeping it; its axes are an attribute up to opset 17, an input from 18.
bool meansOverLastDim(ONNX::ReduceMeanOp op) {
  auto inputType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!inputType || inputType.getRank() == 0)
    return false;
  if (auto keep = op->getAttrOfType<IntegerAttr>("keepdims"))
    if (keep.getInt() != 1)
      return false;
  SmallVector<int64_t> axes;
  if (auto attr = op->getAttrOfType<ArrayAttr>("axes")) {
    for (Attribute axis : attr)
      axes.push_back(cast<IntegerAttr>(axis).getInt());
  } else if (op->getNumOperands() > 1 &&
             !isa<NoneType>(op->getOperand(1).getType())) {
    auto dense =
        dyn_cast_or_null<DenseIntElementsAttr>(
            ONNX::getConstantAttr(op->getOperand(1)));
    if (!dense)
      return false;
    for (const APInt &axis : dense.getValues<APInt>())
      axes.push_back(axis.getSExtValue());
  }
  int64_t rank = inputType.getRank();
  return axes.size() == 1 && (axes[0] == -1 || axes[0] == rank - 1);
}

/// The operands of `mul` with `match` taking one and giving the other.
template <typename Fn>
std::optional<std::pair<Value, Value>> matchEither(Operation *mul, Fn match) {
  for (unsigned i = 0; i < 2; ++i) {
    Value matched = mul->getOperand(i), other = mul->getOperand(1 - i);
    if (match(matched))
      return std::make_pair(matched, other);
  }
  return std::nullopt;
}

/// The input and epsilon of `x * reciprocal(sqrt(mean(x^2) + eps))`, or of
/// `x / sqrt(mean(x^2) + eps)`, rooted at `op`.
std::optional<std::pair<Value, double>> matchNormalized(Operation *op) {
  auto fromSqrt = [](Value sqrtValue, Value x) -> std::optional<double> {
    auto sqrt = sqrtValue.getDefiningOp<ONNX::SqrtOp>();
    if (!sqrt)
      return std::nullopt;
    auto add = sqrt->getOperand(0).getDefiningOp<ONNX::AddOp>();
    if (!add)
      return std::nullopt;
    for (unsigned i = 0; i < 2; ++i) {
      auto mean = add->getOperand(i).getDefiningOp<ONNX::ReduceMeanOp>();
      std::optional<double> eps = getScalarFloat(add->getOperand(1 - i));
      if (!mean || !eps || !meansOverLastDim(mean))
        continue;
      auto pow = mean->getOperand(0).getDefiningOp<ONNX::PowOp>();
      std::optional<double> exponent =
          pow ? getScalarFloat(pow->getOperand(1)) : std::nullopt;
      if (pow && pow->getOperand(0) == x && exponent == 2.0)
        return eps;
    }
    return std::nullopt;
  };
  if (isa<ONNX::DivOp>(op)) {
    if (std::optional<double> eps = fromSqrt(op->getOperand(1),
                                             op->getOperand(0)))
      return std::make_pair(op->getOperand(0), *eps);
    return std::nullopt;
  }
  if (!isa<ONNX::MulOp>(op))
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i) {
    auto reciprocal = op->getOperand(i).getDefiningOp<ONNX::ReciprocalOp>();
    Value x = op->getOperand(1 - i);
    if (!reciprocal)
      continue;
    if (std::optional<double> eps = fromSqrt(reciprocal->getOperand(0), x))
      return std::make_pair(x, *eps);
  }
  return std::nullopt;
}

/// `weight * normalized(x)` (either order), where the weight is a 1-d
/// tensor as long as the last dim of `x`, becomes
/// `RMSNormalization(x, weight)` over the last axis.
struct FuseRMSNormalizationPattern : public RewritePattern {
  explicit FuseRMSNormalizationPattern(MLIRContext *context)
      : RewritePattern(ONNX::MulOp::getOperationName(), 1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::optional<std::pair<Value, double>> normalized;
    auto scaled = matchEither(op, [&](Value value) {
      Operation *def = value.getDefiningOp();
      if (!def || !value.hasOneUse())
        return false;
      normalized = matchNormalized(def);
      return normalized.has_value();
    });
    if (!scaled)
      return rewriter.notifyMatchFailure(op, "not a scaled RMS norm");
    auto [x, eps] = *normalized;
    Value weight = scaled->second;
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    auto weightType = dyn_cast<RankedTensorType>(weight.getType());
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!xType || !weightType || !resultType || weightType.getRank() != 1 ||
        xType.getRank() == 0 || resultType != xType ||
        weightType.getElementType() != xType.getElementType() ||
        ShapedType::isDynamic(weightType.getDimSize(0)) ||
        weightType.getDimSize(0) != xType.getShape().back())
      return rewriter.notifyMatchFailure(
          op, "the weight must be 1-d, of the input's last dim and type");
    auto fused = ONNX::RMSNormalizationOp::create(
        rewriter, op->getLoc(), TypeRange{resultType}, ValueRange{x, weight},
        ArrayRef<NamedAttribute>{
            rewriter.getNamedAttr(
                "axis", rewriter.getIntegerAttr(
                            rewriter.getIntegerType(64, /*isSigned=*/true),
                            -1)),
            rewriter.getNamedAttr("epsilon", rewriter.getF32FloatAttr(eps))});
    rewriter.replaceOp(op, fused->getResults());
    return success();
  }
};

struct FuseRMSNormalizationPass
    : public ONNX::impl::FuseRMSNormalizationBase<FuseRMSNormalizationPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (ONNX::getTargetOpset(func) < kRMSNormalizationOpset)
      return;
    RewritePatternSet patterns(&getContext());
    ONNX::populateFuseRMSNormalizationPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void ONNX::populateFuseRMSNormalizationPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseRMSNormalizationPattern>(patterns.getContext());
}
