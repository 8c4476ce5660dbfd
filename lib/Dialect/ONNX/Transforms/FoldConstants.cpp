//===- FoldConstants.cpp - Fold ops whose inputs are all constants --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h"

#include "torch-onnx/Dialect/ONNX/IR/DerivedInitializer.h"

#include "BlobReleaser.h"
#include "ConstantEvaluation.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch_onnx::ONNX {
#define GEN_PASS_DEF_FOLDCONSTANTS
#include "torch-onnx/Dialect/ONNX/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::ONNX

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {

/// Folded results up to this size are made.
constexpr int64_t kMaxFoldedBytes = int64_t(64) << 20;
/// Constant operands up to this size are read.
constexpr int64_t kMaxReadBytes = int64_t(256) << 20;

/// Replaces `op`'s single result with constant `value` named `name`: an
/// `onnx.Initializer` in the graph, an `onnx.Constant` in a subgraph.
/// Replaces `op` with `replacements`, then erases the constants it read
/// that nothing else uses. Erasing them here rather than in a later sweep
/// lets the listener release each replaced weight before the next fold
/// makes a new one.
void replaceAndEraseInputs(PatternRewriter &rewriter, Operation *op,
                           ValueRange replacements) {
  SmallVector<Operation *> inputs;
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      if (isa<ONNX::InitializerOp, ONNX::ConstantOp>(def) &&
          !llvm::is_contained(inputs, def))
        inputs.push_back(def);
  rewriter.replaceOp(op, replacements);
  for (Operation *input : inputs)
    if (input->use_empty())
      rewriter.eraseOp(input);
}

void replaceWithConstant(PatternRewriter &rewriter, Operation *op,
                         StringRef name, ElementsAttr value) {
  Operation *constant;
  if (isa<func::FuncOp>(op->getParentOp()))
    constant = ONNX::InitializerOp::create(rewriter, op->getLoc(), name, value);
  else
    constant = ONNX::ConstantOp::create(
        rewriter, op->getLoc(), TypeRange{value.getType()}, ValueRange{},
        {rewriter.getNamedAttr("value", value)});
  replaceAndEraseInputs(rewriter, op, constant->getResults());
}

/// The name of the initializer that defines `value`, or "".
StringRef getInitializerName(Value value) {
  if (auto init = value.getDefiningOp<ONNX::InitializerOp>())
    return init.getName();
  return "";
}

/// `Identity(x)` is `x`.
struct RemoveIdentity : public RewritePattern {
  RemoveIdentity(MLIRContext *context)
      : RewritePattern(ONNX::IdentityOp::getOperationName(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getOperand(0).getType() != op->getResult(0).getType())
      return failure();
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }
};

/// A reshape of a constant is the same data under a new type; a blob is
/// shared, not copied, and an initializer keeps its name.
struct FoldReshapeOfConstant : public RewritePattern {
  FoldReshapeOfConstant(StringRef opName, MLIRContext *context)
      : RewritePattern(opName, 2, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    ElementsAttr value = ONNX::getConstantAttr(op->getOperand(0));
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!value || !resultType || !resultType.hasStaticShape())
      return failure();
    // A result type that holds other elements than the constant (IR that no
    // verifier rejects) would read past the constant's data.
    auto valueType = cast<ShapedType>(value.getType());
    if (valueType.getElementType() != resultType.getElementType() ||
        valueType.getNumElements() != resultType.getNumElements())
      return failure();
    ElementsAttr reshaped;
    if (auto dense = dyn_cast<DenseElementsAttr>(value))
      reshaped = dense.reshape(resultType);
    else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
      reshaped =
          DenseResourceElementsAttr::get(resultType, resource.getRawHandle());
    if (!reshaped)
      return failure();
    replaceWithConstant(rewriter, op, getInitializerName(op->getOperand(0)),
                        reshaped);
    return success();
  }
};

/// Any other op that ConstantEvaluation knows, whose inputs are all
/// constants (or missing), becomes a constant. A transposed initializer
/// keeps its name; other results are named by the emitter.
struct FoldConstantOp : public RewritePattern {
  FoldConstantOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!ONNX::canEvaluate(op))
      return failure();
    // A ConstantOfShape is already a compact constant, and the emitter
    // writes a derived initializer without making it in memory: each folds
    // only into a user whose other operands are constants too.
    if ((isa<ONNX::ConstantOfShapeOp>(op) ||
         ONNX::getDerivedInitializer(op)) &&
        llvm::none_of(op->getUsers(), [&](Operation *user) {
          return ONNX::canEvaluate(user) &&
                 llvm::all_of(user->getOperands(), [&](Value operand) {
                   return operand.getDefiningOp() == op ||
                          isa<NoneType>(operand.getType()) ||
                          ONNX::getConstantAttr(operand);
                 });
        }))
      return failure();
    SmallVector<std::optional<ONNX::ConstantTensor>> constants;
    for (Value operand : op->getOperands()) {
      if (isa<NoneType>(operand.getType())) {
        constants.push_back(std::nullopt);
        continue;
      }
      ElementsAttr value = ONNX::getConstantAttr(operand);
      if (!value)
        return failure();
      std::optional<ONNX::ConstantTensor> tensor =
          ONNX::readConstant(value, kMaxReadBytes);
      if (!tensor)
        return failure();
      constants.push_back(std::move(tensor));
    }
    SmallVector<const ONNX::ConstantTensor *> operands;
    for (const std::optional<ONNX::ConstantTensor> &c : constants)
      operands.push_back(c ? &*c : nullptr);
    std::optional<ONNX::ConstantTensor> result =
        ONNX::evaluateOp(op, operands, kMaxFoldedBytes);
    if (!result)
      return failure();
    StringRef name = isa<ONNX::TransposeOp>(op)
                         ? getInitializerName(op->getOperand(0))
                         : StringRef();
    ElementsAttr value =
        ONNX::makeElementsAttr(result->type, std::move(*result).takeBytes(),
                               name.empty() ? "folded" : name);
    replaceWithConstant(rewriter, op, name, value);
    return success();
  }
};

/// A Split of a constant becomes one constant per piece.
struct FoldSplitOfConstant : public RewritePattern {
  FoldSplitOfConstant(MLIRContext *context)
      : RewritePattern(ONNX::SplitOp::getOperationName(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    ElementsAttr value = ONNX::getConstantAttr(op->getOperand(0));
    if (!value)
      return failure();
    std::optional<ONNX::ConstantTensor> input =
        ONNX::readConstant(value, kMaxReadBytes);
    if (!input)
      return failure();
    const ONNX::ConstantTensor *operands[] = {&*input};
    std::optional<SmallVector<ONNX::ConstantTensor>> pieces =
        ONNX::evaluateSplit(op, operands);
    if (!pieces)
      return failure();
    SmallVector<Value> replacements;
    bool inGraph = isa<func::FuncOp>(op->getParentOp());
    for (ONNX::ConstantTensor &piece : *pieces) {
      ElementsAttr attr = ONNX::makeElementsAttr(
          piece.type, std::move(piece).takeBytes(), "folded");
      if (inGraph)
        replacements.push_back(
            ONNX::InitializerOp::create(rewriter, op->getLoc(), "", attr));
      else
        replacements.push_back(
            ONNX::ConstantOp::create(rewriter, op->getLoc(),
                                     TypeRange{attr.getType()}, ValueRange{},
                                     {rewriter.getNamedAttr("value", attr)})
                ->getResult(0));
    }
    replaceAndEraseInputs(rewriter, op, replacements);
    return success();
  }
};

struct FoldConstants : public ONNX::impl::FoldConstantsBase<FoldConstants> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<RemoveIdentity, FoldConstantOp, FoldSplitOfConstant>(context);
    for (StringRef name : {ONNX::ReshapeOp::getOperationName(),
                           ONNX::FlattenOp::getOperationName(),
                           ONNX::SqueezeOp::getOperationName(),
                           ONNX::UnsqueezeOp::getOperationName()})
      patterns.add<FoldReshapeOfConstant>(name, context);
    ONNX::BlobReleaser releaser(getOperation());
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setListener(&releaser))))
      signalPassFailure();
  }
};
} // namespace
