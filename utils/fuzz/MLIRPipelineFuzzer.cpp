//===- MLIRPipelineFuzzer.cpp - libFuzzer harness of the MLIR path --------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes, as MLIR text or bytecode, to what torch-onnx-compile
// and torch-onnx-translate do with an `.mlir` input: the nesting and
// bytecode checks, the parser with every dialect of the project registered
// and the verifier; then a module in the ONNX dialect (one with
// `onnx.opset_import`) goes to the emitter, as `--export-onnx` sends it, and
// any other module is lowered by lowerToONNX (torch-to-onnx-pipeline) and
// emitted, as torch-onnx-compile does. The emitter writes to memory, with
// the ONNX checker and shape inference on. An input whose first line is
// `// opset N` targets opset N (a comment to the parser); others target 17.
// utils/fuzz.sh builds it.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Driver/Driver.h"
#include "torch-onnx/InitAll.h"
#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Support/SilentFailure.h"
#include "torch-onnx/Target/ONNX/ONNXExport.h"
#include "torch-onnx/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <memory>

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// The context keeps every type, attribute and resource blob it has seen; a
/// fresh one every so many inputs bounds the memory of a long run.
constexpr unsigned kRunsPerContext = 256;

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  auto context = std::make_unique<MLIRContext>(
      registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  context->printOpOnDiagnostic(false);
  return context;
}

/// The opset that an input's first line `// opset N` names, or 17.
int64_t getOpset(StringRef input) {
  StringRef line = input.split('\n').first.trim();
  int64_t opset;
  if (!line.consume_front("// opset") ||
      line.trim().getAsInteger(10, opset) || opset < TORCH_ONNX_MIN_OPSET ||
      opset > TORCH_ONNX_MAX_OPSET)
    return 17;
  return opset;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % kRunsPerContext == 0)
    context = makeContext();

  StringRef input(reinterpret_cast<const char *>(data), size);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(input, "input.mlir"), llvm::SMLoc());
  // The tools refuse text nested deeper than the parser's stack allows, and
  // bytecode whose counts or sections the bytecode reader would wrongly
  // trust.
  if (failed(checkNestingDepth(sourceMgr)))
    return 0;

  bool reported = false;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
    reported |= diag.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  // Each step that fails names its reason.
  auto check = [&](LogicalResult result) {
    if (failed(result) && !reported)
      __builtin_trap();
    return succeeded(result);
  };
  // As in the tools, a read that fails silently gets an error naming the
  // file.
  OwningOpRef<ModuleOp> module;
  {
    ReadObserver observer(context.get());
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context.get()));
    if (!module)
      observer.reportIfSilent("input.mlir");
  }
  if (!check(success(static_cast<bool>(module))))
    return 0;

  if (!(*module)->hasAttr("onnx.opset_import")) {
    CompileOptions options;
    options.opset = getOpset(input);
    if (!check(lowerToONNX(*module, options)))
      return 0;
  }
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  (void)check(exportONNXStream(*module, os, ONNXExportOptions()));
  return 0;
}
