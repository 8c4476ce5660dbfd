//===- ExamplePlugin.cpp - A pass plugin built against torch-onnx ---------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Built by the install test against the installed CMake package, loaded by
// the installed tools with --load-pass-plugin and --load-dialect-plugin. It
// registers a pass, example-count-torch-ops; a lowering of a user's custom
// op that the project does not know, `torch.operator
// "example::scaled_add"(%a, %b, %alpha)`, which computes a + alpha * b; and
// a dialect, `example`, whose ops are opaque.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"
#include "torch-onnx/Dialect/ONNX/IR/ONNXOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// A dialect without ops of its own: any `example.*` op parses.
class ExampleDialect : public Dialect {
public:
  explicit ExampleDialect(MLIRContext *context)
      : Dialect(getDialectNamespace(), context,
                TypeID::get<ExampleDialect>()) {
    allowUnknownOperations();
  }
  static StringRef getDialectNamespace() { return "example"; }
};

/// Reports how many Torch-dialect ops each function holds.
struct CountTorchOpsPass
    : public PassWrapper<CountTorchOpsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountTorchOpsPass)

  StringRef getArgument() const final { return "example-count-torch-ops"; }
  StringRef getDescription() const final {
    return "Report the number of Torch-dialect ops of each function";
  }

  void runOnOperation() override {
    unsigned count = 0;
    getOperation().walk([&](Operation *op) {
      if (isa<Torch::TorchDialect>(op->getDialect()))
        ++count;
    });
    getOperation().emitRemark() << count << " Torch ops";
  }
};

/// example::scaled_add(a, b, alpha) as Add(a, Mul(b, alpha)); alpha must be
/// a constant float.
struct LowerScaledAdd : public OpConversionPattern<Torch::OperatorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "example::scaled_add" || op.getNumOperands() != 3 ||
        op->getNumResults() != 1)
      return failure();
    auto alpha = op.getOperand(2).getDefiningOp<Torch::ConstantFloatOp>();
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!alpha || !type)
      return rewriter.notifyMatchFailure(op, "needs a constant alpha");
    Location loc = op.getLoc();
    auto scalarType = RankedTensorType::get({}, type.getElementType());
    auto value = DenseElementsAttr::get(
        scalarType, rewriter.getFloatAttr(type.getElementType(),
                                          alpha.getValue().convertToDouble()));
    Value scale = ONNX::ConstantOp::create(
                      rewriter, loc, TypeRange{scalarType}, ValueRange{},
                      {rewriter.getNamedAttr("value", value)})
                      ->getResult(0);
    ValueRange operands = adaptor.getOperands();
    Value scaled = ONNX::MulOp::create(rewriter, loc, TypeRange{type},
                                       ValueRange{operands[1], scale})
                       ->getResult(0);
    rewriter.replaceOp(op, ONNX::AddOp::create(rewriter, loc, TypeRange{type},
                                               ValueRange{operands[0], scaled})
                               ->getResults());
    return success();
  }
};
} // namespace

MLIR_DECLARE_EXPLICIT_TYPE_ID(ExampleDialect)
MLIR_DEFINE_EXPLICIT_TYPE_ID(ExampleDialect)

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ExamplePlugin", "1.0",
          [](DialectRegistry *registry) {
            registry->insert<ExampleDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ExamplePlugin", "1.0", []() {
            PassRegistration<CountTorchOpsPass>();
            registerTorchToONNXPatternProvider(
                [](TypeConverter &typeConverter, RewritePatternSet &patterns,
                   int64_t /*opset*/) {
                  patterns.add<LowerScaledAdd>(typeConverter,
                                               patterns.getContext());
                });
          }};
}
