//===- TorchScriptImporter.h - TorchScript archives to Torch IR -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The importer reads a `.pt` archive with LibTorch and builds the Torch
// dialect: the object graph, one func.func per method, weights as resource
// blobs. No LibTorch type is defined in this header, so callers need neither
// LibTorch's headers nor exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_IMPORT_TORCHSCRIPT_TORCHSCRIPTIMPORTER_H
#define TORCH_ONNX_IMPORT_TORCHSCRIPT_TORCHSCRIPTIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
} // namespace at

namespace torch::jit {
struct Graph;
struct Module;
} // namespace torch::jit

namespace mlir::torch_onnx {

struct TorchScriptImportOptions {
  /// One shape per tensor argument of the root module's `forward`, in
  /// order, such as `1x3x224x224xf32`; `?` marks an unknown dim. An archive
  /// records no tensor shapes (not even a traced one), so every tensor
  /// argument needs one.
  std::vector<std::string> inputShapes;
};

/// Imports the TorchScript archive at `path`. On failure, emits one error
/// naming the file and returns null; LibTorch's exceptions never escape.
OwningOpRef<ModuleOp>
importTorchScriptFile(llvm::StringRef path,
                      const TorchScriptImportOptions &options,
                      MLIRContext *context);

/// Imports a module that LibTorch holds in memory, such as one that Python
/// traced or scripted; `name` stands for it in diagnostics. Weights that the
/// module still holds are shared with it and never written to.
OwningOpRef<ModuleOp>
importTorchScriptModule(const torch::jit::Module &module, llvm::StringRef name,
                        const TorchScriptImportOptions &options,
                        MLIRContext *context);

/// A module whose forward is `graph`, whose inputs are forward's arguments,
/// named `argNames`, followed by the module's parameters and buffers, as
/// torch._C._create_graph_by_tracing and the `.pt2` importer make them.
/// Those become attributes of the module, named by their dotted paths
/// (`stateNames`), so that the importer sees weights and state where a
/// traced module has them, without a ScriptModule per submodule. Throws
/// std::invalid_argument when the inputs do not match the names.
torch::jit::Module
moduleFromGraph(const std::shared_ptr<torch::jit::Graph> &graph,
                const std::string &className,
                const std::vector<std::string> &argNames,
                const std::vector<std::string> &stateNames,
                const std::vector<at::Tensor> &stateTensors,
                const std::vector<bool> &stateIsParameter);

/// Imports the shape functions that LibTorch registers for its operators
/// (torch/csrc/jit/runtime/symbolic_shape_registry.h): one private func.func
/// per distinct function, and the module attribute that maps each operator
/// name to its function (Torch::kShapeFunctionsAttr). On failure, emits an
/// error and returns null.
OwningOpRef<ModuleOp> importShapeFunctions(MLIRContext *context);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_IMPORT_TORCHSCRIPT_TORCHSCRIPTIMPORTER_H
