//===- MLIRModule.cpp - torch_onnx._C.MLIRModule: MLIR in, ONNX out -------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A module of MLIR text or bytecode held in its own context, for Python
// stacks that already hold Torch-dialect IR (torch-mlir's or IREE's
// importers): parse and verify it, run any textual pass pipeline on it,
// lower it with the compiler's options, and write the ONNX model to bytes.
// torch_onnx/mlir.py builds the public API on it.
//
//===----------------------------------------------------------------------===//

#include "MLIRModule.h"

#include "torch-onnx/Driver/Diagnostics.h"
#include "torch-onnx/Driver/Driver.h"
#include "torch-onnx/InitAll.h"
#include "torch-onnx/Support/BytecodeCheck.h"
#include "torch-onnx/Support/NestingDepth.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <memory>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::torch_onnx;

py::list diagnosticsToPython(const std::vector<DiagnosticRecord> &records) {
  py::list list;
  for (const DiagnosticRecord &record : records) {
    py::dict entry;
    entry["severity"] = record.severity;
    entry["message"] = record.message;
    entry["location"] = record.location;
    entry["frames"] = record.frames;
    if (!record.op.empty())
      entry["op"] = record.op;
    list.append(entry);
  }
  return list;
}

namespace {
/// Raises `_C.CompileError` with the collected diagnostics, or with
/// `fallback` when none was an error.
[[noreturn]] void raiseCompileError(PyObject *errorClass,
                                    const DiagnosticCollector &diagnostics,
                                    const std::string &fallback) {
  std::string text = diagnostics.getErrorText().empty()
                         ? fallback
                         : diagnostics.getErrorText();
  py::tuple args =
      py::make_tuple(text, diagnosticsToPython(diagnostics.getRecords()));
  PyErr_SetObject(errorClass, args.ptr());
  throw py::error_already_set();
}

class MLIRModule {
public:
  /// Parses and verifies MLIR text or bytecode. `name` is the buffer's name
  /// in diagnostics.
  MLIRModule(py::bytes source, const std::string &name) {
    DialectRegistry registry;
    registerAllDialects(registry);
    context = std::make_unique<MLIRContext>(registry);
    context->printOpOnDiagnostic(false);
    DiagnosticCollector diagnostics(*context);
    // The module may keep references into the buffer (bytecode resources),
    // so the source manager lives as long as the module.
    sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(std::string_view(source), name),
        llvm::SMLoc());
    StringRef buffer =
        sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())->getBuffer();
    if (isMLIRBytecode(buffer)) {
      if (std::optional<BytecodeDefect> defect =
              findBytecodeDefect(buffer, kMaxNestingDepth)) {
        emitError(FileLineColLoc::get(context.get(), name, 0, 0))
            << "invalid MLIR bytecode at byte " << defect->offset << ": "
            << defect->message;
        raiseCompileError(errorClass(), diagnostics, "");
      }
    } else if (std::optional<size_t> offset = findZeroAlignedBlob(buffer)) {
      Location loc = FileLineColLoc::get(
          context.get(), name,
          sourceMgr->getLineAndColumn(
              llvm::SMLoc::getFromPointer(buffer.data() + *offset)).first,
          0);
      emitError(loc) << "the alignment of this resource blob (its first 4 "
                        "bytes) is 0, not a power of 2";
      raiseCompileError(errorClass(), diagnostics, "");
    } else if (std::optional<size_t> offset = findExcessiveNesting(buffer)) {
      Location loc = FileLineColLoc::get(
          context.get(), name,
          sourceMgr->getLineAndColumn(
              llvm::SMLoc::getFromPointer(buffer.data() + *offset)).first,
          0);
      emitError(loc) << "brackets nest more than " << kMaxNestingDepth
                     << " levels deep";
      raiseCompileError(errorClass(), diagnostics, "");
    }
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context.get()));
    if (!module)
      raiseCompileError(errorClass(), diagnostics,
                        "'" + name + "' is not a valid MLIR module");
  }

  /// Runs a textual pass pipeline: `builtin.module(...)`, or the passes of
  /// one, such as `torch-to-onnx-pipeline{opset=17}`.
  void runPipeline(const std::string &pipeline) {
    DiagnosticCollector diagnostics(*context);
    PassManager pm(context.get(), ModuleOp::getOperationName());
    std::string parseError;
    llvm::raw_string_ostream errorStream(parseError);
    LogicalResult parsed = failure();
    if (StringRef(pipeline).trim().starts_with("builtin.module(")) {
      FailureOr<OpPassManager> anchored =
          parsePassPipeline(pipeline, errorStream);
      if (succeeded(anchored)) {
        static_cast<OpPassManager &>(pm) = std::move(*anchored);
        parsed = success();
      }
    } else {
      parsed = parsePassPipeline(pipeline, pm, errorStream);
    }
    if (failed(parsed)) {
      std::string message = "invalid pass pipeline '" + pipeline +
                            "': " + StringRef(parseError).trim().str();
      PyErr_SetObject(errorClass(),
                      py::make_tuple(message, py::list()).ptr());
      throw py::error_already_set();
    }
    LogicalResult result = failure();
    {
      py::gil_scoped_release release;
      result = pm.run(*module);
    }
    if (failed(result))
      raiseCompileError(errorClass(), diagnostics,
                        "the pass pipeline failed");
  }

  /// Lowers the Torch-dialect module in place to one ONNX graph.
  void lower(int64_t opset, const std::string &entry,
             std::vector<std::string> inputNames,
             std::vector<std::string> outputNames,
             std::vector<std::string> dynamicDims, bool fallbackCustomOps) {
    CompileOptions options;
    options.opset = opset;
    options.entry = entry;
    options.inputNames = std::move(inputNames);
    options.outputNames = std::move(outputNames);
    options.dynamicDims = std::move(dynamicDims);
    options.fallbackCustomOps = fallbackCustomOps;
    DiagnosticCollector diagnostics(*context);
    LogicalResult result = failure();
    {
      py::gil_scoped_release release;
      result = lowerToONNX(*module, options);
    }
    if (failed(result))
      raiseCompileError(errorClass(), diagnostics,
                        "the module could not be lowered to ONNX");
  }

  /// The ONNX model of a module in the ONNX dialect, serialized.
  py::bytes toONNX(bool checkModel) {
    DiagnosticCollector diagnostics(*context);
    WalkResult torchOp = module->walk([](Operation *op) {
      return op->getDialect() && op->getDialect()->getNamespace() == "torch"
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (torchOp.wasInterrupted()) {
      PyErr_SetObject(errorClass(),
                      py::make_tuple("the module is still in the Torch "
                                     "dialect: lower it to ONNX first",
                                     py::list())
                          .ptr());
      throw py::error_already_set();
    }
    ONNXExportOptions options;
    options.verify = checkModel;
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    LogicalResult result = failure();
    {
      py::gil_scoped_release release;
      result = exportONNXStream(*module, os, options);
    }
    if (failed(result))
      raiseCompileError(errorClass(), diagnostics,
                        "the module could not be written as ONNX");
    return py::bytes(bytes);
  }

  std::string toText(std::optional<int64_t> largeElementsLimit) {
    OpPrintingFlags flags;
    if (largeElementsLimit)
      flags.elideLargeElementsAttrs(*largeElementsLimit)
          .elideLargeResourceString(*largeElementsLimit);
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, flags);
    return text;
  }

  py::bytes toBytecode() {
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (failed(writeBytecodeToFile(*module, os))) {
      PyErr_SetString(PyExc_RuntimeError,
                      "the module could not be written as bytecode");
      throw py::error_already_set();
    }
    return py::bytes(bytes);
  }

  static PyObject *&errorClass() {
    static PyObject *error = nullptr;
    return error;
  }

private:
  // Declared first: the module is destroyed before its context.
  std::unique_ptr<MLIRContext> context;
  std::shared_ptr<llvm::SourceMgr> sourceMgr;
  OwningOpRef<ModuleOp> module;
};
} // namespace

void bindMLIRModule(py::module_ &m, PyObject *compileError) {
  registerAllPasses();
  MLIRModule::errorClass() = compileError;
  py::class_<MLIRModule>(m, "MLIRModule")
      .def(py::init<py::bytes, const std::string &>(), py::arg("source"),
           py::arg("name"),
           "Parses and verifies MLIR text or bytecode; raises CompileError "
           "with the parser's diagnostics.")
      .def("run_pipeline", &MLIRModule::runPipeline, py::arg("pipeline"))
      .def("lower", &MLIRModule::lower, py::kw_only(), py::arg("opset"),
           py::arg("entry"), py::arg("input_names"), py::arg("output_names"),
           py::arg("dynamic_dims"), py::arg("fallback_custom_ops"))
      .def("to_onnx", &MLIRModule::toONNX, py::kw_only(),
           py::arg("check_model"))
      .def("to_text", &MLIRModule::toText,
           py::arg("large_elements_limit") = std::nullopt)
      .def("to_bytecode", &MLIRModule::toBytecode);
}
