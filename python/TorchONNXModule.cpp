//===- TorchONNXModule.cpp - The torch_onnx._C extension module -----------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// compile() takes a module that Python traced or scripted (its `_c`), or the
// path of a saved archive, and runs the compiler in this process with the
// GIL released. torch_onnx/_export.py builds the public API on it.
//
//===----------------------------------------------------------------------===//

#include "MLIRModule.h"

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"
#include "torch-onnx/Driver/Diagnostics.h"
#include "torch-onnx/Driver/Driver.h"
#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"
#include "torch-onnx/Import/TorchScript/MetaKernels.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"
#include "torch-onnx/InitAll.h"
#include "torch-onnx/Version.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/utils/pybind.h>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
/// The exception class `_C.CompileError`, created at import.
PyObject *compileError = nullptr;

py::dict compile(py::object source, const std::string &outputPath,
                 std::vector<std::string> inputShapes,
                 std::vector<std::string> inputNames,
                 std::vector<std::string> outputNames,
                 std::vector<std::string> dynamicDims, int64_t opset,
                 std::optional<uint64_t> externalDataThreshold,
                 bool fallbackCustomOps, bool keepDuplicateInitializers,
                 bool checkModel, std::vector<std::string> customOps,
                 std::vector<py::bytes> localFunctions,
                 std::vector<std::tuple<std::string, std::string, std::string>>
                     moduleFunctions) {
  // A module LibTorch holds (a ScriptModule's `_c`), a serialized
  // ExportedProgram with its tensors, or the path of an archive.
  std::optional<torch::jit::Module> module;
  std::optional<std::pair<std::string, std::map<std::string, at::Tensor>>>
      program;
  std::string path;
  if (py::isinstance<py::str>(source))
    path = source.cast<std::string>();
  else if (py::isinstance<py::tuple>(source))
    program = source.cast<
        std::pair<std::string, std::map<std::string, at::Tensor>>>();
  else
    module = source.cast<torch::jit::Module>();

  TorchScriptImportOptions importOptions;
  importOptions.inputShapes = std::move(inputShapes);
  CompileOptions options;
  options.opset = opset;
  options.inputNames = std::move(inputNames);
  options.outputNames = std::move(outputNames);
  options.dynamicDims = std::move(dynamicDims);
  options.fallbackCustomOps = fallbackCustomOps;
  options.keepDuplicateInitializers = keepDuplicateInitializers;
  options.exportOptions.externalDataThreshold = externalDataThreshold;
  options.exportOptions.verify = checkModel;
  options.customOps = std::move(customOps);
  for (const py::bytes &function : localFunctions)
    options.exportOptions.localFunctions.push_back(std::string(function));
  for (auto &[path, domain, name] : moduleFunctions)
    options.exportOptions.moduleFunctions.push_back(
        ModuleFunction{path, domain, name});

  DialectRegistry registry;
  registerAllDialects(registry);
  registerMetaKernels(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  DiagnosticCollector diagnostics(context);
  ONNXModelSummary summary;
  bool ok;
  {
    py::gil_scoped_release release;
    OwningOpRef<ModuleOp> imported;
    if (module)
      imported = importTorchScriptModule(*module, "<module>", importOptions,
                                         &context);
    else if (program)
      imported = importTorchExportProgram(program->first, program->second,
                                          "<ExportedProgram>", &context);
    else if (llvm::StringRef(path).ends_with(".pt2") ||
             isTorchExportArchive(path))
      imported = importTorchExportFile(path, &context);
    else
      imported = importTorchScriptFile(path, importOptions, &context);
    ok = imported && succeeded(compileToONNXFile(*imported, outputPath,
                                                 options, &summary));
  }
  if (!ok) {
    std::string text = diagnostics.getErrorText().empty()
                           ? std::string("the model could not be compiled")
                           : diagnostics.getErrorText();
    py::tuple args = py::make_tuple(text, diagnosticsToPython(diagnostics.getRecords()));
    PyErr_SetObject(compileError, args.ptr());
    throw py::error_already_set();
  }

  py::dict result;
  result["inputs"] = summary.inputNames;
  result["outputs"] = summary.outputNames;
  py::dict state;
  for (const auto &[input, output] : summary.state)
    state[py::str(input)] = output;
  result["state"] = state;
  result["node_count"] = summary.nodeCount;
  result["external_data"] = summary.wroteExternalData;
  result["diagnostics"] = diagnosticsToPython(diagnostics.getRecords());
  return result;
}
} // namespace

PYBIND11_MODULE(_C, m) {
  m.doc() = "The torch-onnx compiler, in process; use torch_onnx.export.";
  compileError = PyErr_NewException("torch_onnx._C.CompileError",
                                    PyExc_RuntimeError, nullptr);
  m.add_object("CompileError", py::handle(compileError));
  m.attr("MIN_OPSET") = TORCH_ONNX_MIN_OPSET;
  m.attr("MAX_OPSET") = TORCH_ONNX_MAX_OPSET;
  bindMLIRModule(m, compileError);
  m.def("module_from_trace", &moduleFromGraph, py::arg("graph"),
        py::arg("class_name"), py::arg("arg_names"), py::arg("state_names"),
        py::arg("state_tensors"), py::arg("state_is_parameter"),
        "A torch._C.ScriptModule whose forward is a graph that "
        "torch._C._create_graph_by_tracing made from the arguments followed "
        "by the module's parameters and buffers.");
  m.def("compile", &compile, py::arg("source"), py::arg("output_path"),
        py::kw_only(), py::arg("input_shapes"), py::arg("input_names"),
        py::arg("output_names"), py::arg("dynamic_dims"), py::arg("opset"),
        py::arg("external_data_threshold"), py::arg("fallback_custom_ops"),
        py::arg("keep_duplicate_initializers"), py::arg("check_model"),
        py::arg("custom_ops") = std::vector<std::string>(),
        py::arg("local_functions") = std::vector<py::bytes>(),
        py::arg("module_functions") =
            std::vector<std::tuple<std::string, std::string, std::string>>(),
        "Compiles a TorchScript module (a ScriptModule's `_c`), an "
        "ExportedProgram as (its JSON from torch._export.serde, {name: "
        "tensor} of its parameters, buffers and constants), or the path of "
        "a .pt or .pt2 archive to the ONNX model at `output_path`. "
        "`custom_ops` entries `OP=DOMAIN::TYPE(NAME0,NAME1,...)` replace "
        "ops by custom nodes, which may call the serialized FunctionProtos "
        "of `local_functions`. The calls of the modules of "
        "`module_functions`, (dotted path, domain, name) triples, become "
        "calls of local functions.");
}
