//===- ResolveOperators.cpp - torch.operator ops that name a known op -----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

namespace mlir::torch_onnx::Torch {
#define GEN_PASS_DEF_RESOLVEOPERATORS
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch_onnx::Torch

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

namespace {

/// The Torch-dialect op name that an operator's name spells: itself for
/// `torch.aten.add.Tensor`, `torch.aten.add.Tensor` for `aten::add.Tensor`;
/// empty for names of other dialects.
std::string getTorchOpName(StringRef name) {
  if (name.starts_with("torch."))
    return name.str();
  auto [ns, rest] = name.split("::");
  if (rest.empty() || ns.empty() || ns.contains('.'))
    return "";
  return ("torch." + ns + "." + rest).str();
}

/// An op of PyTorch's core ATen opset that the dialect has under another
/// name, and the operand position at which that op takes a `training` flag
/// the core ATen op leaves out (false), if any.
struct Respelling {
  StringLiteral coreName, name;
  std::optional<unsigned> falseTrainingAt;
};

/// torch.export's batch norms are native_batch_norm: `_legit` has its
/// signature, `_legit_no_training` that of eval mode without the flag.
constexpr Respelling kRespellings[] = {
    {"torch.aten._native_batch_norm_legit_no_training",
     "torch.aten.native_batch_norm", 5},
    {"torch.aten._native_batch_norm_legit", "torch.aten.native_batch_norm",
     std::nullopt},
};

struct ResolveOperatorsPass
    : public Torch::impl::ResolveOperatorsBase<ResolveOperatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<OperatorOp> operators;
    getOperation().walk([&](OperatorOp op) { operators.push_back(op); });
    bool failed = false;
    for (OperatorOp op : operators) {
      std::string name = getTorchOpName(op.getName());
      SmallVector<Value> operands(op.getOperands());
      OpBuilder builder(op);
      for (const Respelling &respelling : kRespellings) {
        if (name != respelling.coreName)
          continue;
        name = respelling.name;
        if (respelling.falseTrainingAt &&
            *respelling.falseTrainingAt <= operands.size())
          operands.insert(operands.begin() + *respelling.falseTrainingAt,
                          ConstantBoolOp::create(builder, op.getLoc(), false));
        break;
      }
      std::optional<RegisteredOperationName> registered =
          name.empty() ? std::nullopt
                       : RegisteredOperationName::lookup(name, context);
      if (!registered || registered->getTypeID() == TypeID::get<OperatorOp>())
        continue;
      OperationState state(op.getLoc(), *registered);
      state.addOperands(operands);
      state.addTypes(op.getResultTypes());
      for (NamedAttribute attr : op->getAttrs())
        if (attr.getName() != op.getNameAttrName())
          state.addAttribute(attr.getName(), attr.getValue());
      Operation *resolved = builder.create(state);
      // The verifier's complaint becomes part of one error at the operator.
      std::string reason;
      LogicalResult verified = success();
      {
        ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
          if (reason.empty())
            reason = diag.str();
          return success();
        });
        verified = mlir::verify(resolved, /*verifyRecursively=*/false);
      }
      if (mlir::failed(verified)) {
        op.emitError() << "'" << op.getName() << "' does not fit the "
                       << "signature of " << name << ": " << reason;
        resolved->erase();
        failed = true;
        continue;
      }
      op->replaceAllUsesWith(resolved->getResults());
      op->erase();
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
