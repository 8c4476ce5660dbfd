//===- InputShapeFuzzer.cpp - libFuzzer harness of the shape flags --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds the lines of arbitrary text to the parsers of torch-onnx-compile's
// `--input-shape` and `--dynamic-dim` flags, each line to both. The shapes
// that parse become the arguments of @forward, named x0, x1, ...; the dim
// entries that parse then go to torch-generalize-shapes, which resolves
// them against those arguments and re-infers the function's types.
// utils/fuzz.sh builds it.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include <cstddef>
#include <cstdint>
#include <memory>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// At most this many lines of an input are read: the flags repeat, but a
/// command line has few of them.
constexpr size_t kMaxLines = 16;
/// The context keeps every type and name it has seen; a fresh one every so
/// many inputs bounds the memory of a long run.
constexpr unsigned kRunsPerContext = 4096;

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, Torch::TorchDialect>();
  auto context = std::make_unique<MLIRContext>(
      registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return context;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % kRunsPerContext == 0)
    context = makeContext();

  SmallVector<StringRef> lines;
  StringRef(reinterpret_cast<const char *>(data), size)
      .split(lines, '\n', kMaxLines);
  if (lines.size() > kMaxLines)
    lines.pop_back();

  SmallVector<Type> argTypes;
  Torch::GeneralizeShapesOptions options;
  for (StringRef line : lines) {
    std::string error;
    std::optional<Torch::InputShape> shape =
        Torch::parseInputShape(context.get(), line, error);
    // Either a shape or a reason: never both missing.
    if (!shape && error.empty())
      __builtin_trap();
    if (shape)
      argTypes.push_back(Torch::ValueTensorType::get(
          context.get(), ArrayRef<int64_t>(shape->sizes), shape->dtype));
    if (Torch::parseDynamicDimSpec(line))
      options.dynamicDims.push_back(line.str());
  }

  // @forward returns its arguments, as a traced identity would.
  OpBuilder builder(context.get());
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(
      builder, loc, "forward", builder.getFunctionType(argTypes, argTypes));
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i)
    func.setArgAttr(i, "torch_onnx.name",
                    builder.getStringAttr("x" + std::to_string(i)));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  func::ReturnOp::create(builder, loc, body->getArguments());

  bool reported = false;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
    reported |= diag.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  PassManager pm(context.get());
  pm.addPass(Torch::createGeneralizeShapes(options));
  // A failed run names its reason.
  if (failed(pm.run(*module)) && !reported)
    __builtin_trap();
  return 0;
}
