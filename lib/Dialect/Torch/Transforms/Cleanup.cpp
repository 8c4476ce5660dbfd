//===- Cleanup.cpp - Fold shape arithmetic and remove dead code -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "torch-onnx/Dialect/Torch/IR/RuntimeAssertions.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Dialect/Torch/Transforms/ShapeInference.h"

#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_CLEANUP
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// Erases an op that only reads its operands and whose results are unused.
struct EraseUnusedReadOnlyOp : public RewritePattern {
  EraseUnusedReadOnlyOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!op->hasTrait<Torch::OpTrait::ReadOnly>() || op->getNumResults() == 0 ||
        op->getNumRegions() != 0 || !op->use_empty())
      return failure();
    // Batch normalization in training mode is ReadOnly by its schema but
    // writes its running statistics.
    std::optional<SmallVector<unsigned>> written = getWrittenOperands(op);
    if (!written || !written->empty())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Erases the run-time checks that torch.export records (such as
/// `aten._assert_tensor_metadata` after `.to()`), as an op of the dialect
/// or as a `torch.operator`: an exported graph cannot raise.
struct EraseRuntimeAssertion : public RewritePattern {
  EraseRuntimeAssertion(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_present<TorchDialect>(op->getDialect()) || !op->use_empty())
      return failure();
    auto unknown = dyn_cast<OperatorOp>(op);
    if (!isRuntimeAssertion(unknown ? unknown.getName()
                                    : op->getName().getStringRef()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// `torch.prim.device` becomes the device the model is compiled for.
struct FoldPrimDevice : public OpRewritePattern<PrimDeviceOp> {
  FoldPrimDevice(MLIRContext *context, StringRef device)
      : OpRewritePattern(context), device(device.str()) {}
  LogicalResult matchAndRewrite(PrimDeviceOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ConstantDeviceOp>(op, device);
    return success();
  }
  std::string device;
};

/// A `torch.prim.If` with a branch that raises becomes its other branch: an
/// exported model has no way to raise, and TorchScript uses such branches
/// for argument checks.
struct DropRaisingBranch : public OpRewritePattern<PrimIfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PrimIfOp op,
                                PatternRewriter &rewriter) const override {
    auto raises = [](Region &region) {
      return !region.front().getOps<PrimRaiseExceptionOp>().empty();
    };
    bool thenRaises = raises(op.getThenRegion());
    bool elseRaises = raises(op.getElseRegion());
    if (thenRaises == elseRaises)
      return failure();
    Block &kept =
        thenRaises ? op.getElseRegion().front() : op.getThenRegion().front();
    auto yield = cast<PrimIfYieldOp>(kept.getTerminator());
    SmallVector<Value> results(yield.getResults());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&kept, op);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The first `torch.prim.RaiseException` that runs on every path through
/// `block`, if any.
Operation *findCertainRaise(Block &block) {
  for (Operation &op : block) {
    if (isa<PrimRaiseExceptionOp>(op))
      return &op;
    auto ifOp = dyn_cast<PrimIfOp>(op);
    if (!ifOp)
      continue;
    Operation *thenRaise = findCertainRaise(ifOp.getThenRegion().front());
    if (thenRaise && findCertainRaise(ifOp.getElseRegion().front()))
      return thenRaise;
  }
  return nullptr;
}

/// The number of unknown sizes among the tensor results of `func`'s ops.
int64_t countUnknownSizes(func::FuncOp func) {
  int64_t count = 0;
  func.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<BaseTensorType>(type);
      std::optional<ArrayRef<int64_t>> sizes =
          tensor ? tensor.getOptionalSizes() : std::nullopt;
      if (!tensor)
        continue;
      if (!sizes) {
        ++count;
        continue;
      }
      count += llvm::count(*sizes, kUnknownSize);
    }
  });
  return count;
}

/// Clears the `torch_onnx.dim_params` names of result dims that are static.
void dropStaticDimParams(func::FuncOp func) {
  for (auto [index, type] : llvm::enumerate(func.getResultTypes())) {
    auto names =
        func.getResultAttrOfType<ArrayAttr>(index, "torch_onnx.dim_params");
    auto tensor = dyn_cast<BaseTensorType>(type);
    std::optional<ArrayRef<int64_t>> sizes =
        tensor ? tensor.getOptionalSizes() : std::nullopt;
    if (!names || !sizes || sizes->size() != names.size())
      continue;
    SmallVector<Attribute> updated(names.begin(), names.end());
    for (auto [i, size] : llvm::enumerate(*sizes))
      if (size != kUnknownSize)
        updated[i] = StringAttr::get(func.getContext(), "");
    func.setResultAttr(index, "torch_onnx.dim_params",
                       ArrayAttr::get(func.getContext(), updated));
  }
}

/// Each round of folding can make sizes known (a pad whose amounts were
/// computed from `x.shape`), which lets the next round fold more. Rounds
/// stop when inference learns no new size; traced models need one per
/// stage of such arithmetic.
constexpr int kMaxFoldingRounds = 16;

struct CleanupPass : public Torch::impl::CleanupBase<CleanupPass> {
  using CleanupBase::CleanupBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet folding(context);
    populateTorchFoldingPatterns(folding);
    folding.add<EraseUnusedReadOnlyOp, EraseRuntimeAssertion>(context);
    folding.add<FoldPrimDevice>(context, device);
    RewritePatternSet dropping(context);
    dropping.add<DropRaisingBranch>(context);
    foldingPatterns = FrozenRewritePatternSet(std::move(folding));
    droppingPatterns = FrozenRewritePatternSet(std::move(dropping));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    // Fold first, so that a branch on a condition known at compile time is
    // taken, before dropping branches that raise.
    int64_t unknown = countUnknownSizes(func);
    for (int round = 0; round < kMaxFoldingRounds; ++round) {
      if (failed(applyPatternsGreedily(func, foldingPatterns))) {
        func.emitError("torch-cleanup did not converge");
        return signalPassFailure();
      }
      if (!refineTypes)
        break;
      if (failed(Torch::refineTypes(func)))
        return signalPassFailure();
      int64_t left = countUnknownSizes(func);
      if (left >= unknown)
        break;
      unknown = left;
    }
    if (refineTypes)
      dropStaticDimParams(func);
    for (Block &block : func.getBody()) {
      if (Operation *raise = findCertainRaise(block)) {
        auto message = cast<PrimRaiseExceptionOp>(raise)
                           .getMsg()
                           .getDefiningOp<ConstantStrOp>();
        raise->emitError("raises on every path")
            << (message ? ": " + message.getValue().str() : std::string());
        return signalPassFailure();
      }
    }
    if (!dropRaisingBranches)
      return;
    if (failed(applyPatternsGreedily(func, droppingPatterns)) ||
        failed(applyPatternsGreedily(func, foldingPatterns))) {
      func.emitError("torch-cleanup did not converge");
      return signalPassFailure();
    }
  }

  FrozenRewritePatternSet foldingPatterns;
  FrozenRewritePatternSet droppingPatterns;
};

} // namespace
