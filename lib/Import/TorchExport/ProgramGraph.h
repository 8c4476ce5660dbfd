//===- ProgramGraph.h - An ExportedProgram as TorchScript -------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The program's FX graph becomes a TorchScript graph, node by node, with the
// overload the program names and the defaults of its schema, so that the
// TorchScript importer and its handling of control flow, constants and
// locations serve both formats. LibTorch's headers stay in the .cpp files.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_IMPORT_TORCHEXPORT_PROGRAMGRAPH_H
#define TORCH_ONNX_LIB_IMPORT_TORCHEXPORT_PROGRAMGRAPH_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace at {
class Tensor;
} // namespace at

namespace torch::jit {
struct Graph;
} // namespace torch::jit

namespace torch::_export {
class ExportedProgram;
} // namespace torch::_export

namespace mlir::torch_onnx::torchexport {

/// An error in the program, at the Python line of the node it concerns.
class ProgramError : public std::runtime_error {
public:
  ProgramError(const std::string &message, std::optional<Location> loc)
      : std::runtime_error(message), loc(loc) {}
  std::optional<Location> loc;
};

/// One dynamic dim of a user input: its axis and its symbol (`s77`).
struct DynamicDim {
  unsigned axis;
  std::string symbol;
};

/// A user input of the program: its name, its shape as the importer's
/// `--input-shape` spells it (`?x4xf32`) and its dynamic dims.
struct ProgramInput {
  std::string name;
  std::string shape;
  std::vector<DynamicDim> dynamicDims;
};

/// What the TorchScript importer needs of a program: the forward graph,
/// whose inputs are the user inputs followed by the state, and that state.
struct ProgramGraph {
  std::shared_ptr<torch::jit::Graph> graph;
  std::vector<ProgramInput> inputs;
  std::vector<std::string> stateNames;
  std::vector<at::Tensor> stateTensors;
  std::vector<bool> stateIsParameter;
};

/// Returns the tensor of a parameter, buffer or constant by its name in
/// the graph signature (`l.weight`); `isConstant` tells the tensor
/// constants (`c_lifted_tensor_0`) apart. Throws ProgramError when absent.
using TensorLookup =
    std::function<at::Tensor(const std::string &name, bool isConstant)>;

/// Builds the forward graph of `program`. `context` makes the locations
/// of errors and of the graph's nodes. Throws ProgramError.
ProgramGraph buildProgramGraph(const torch::_export::ExportedProgram &program,
                               const TensorLookup &lookupTensor,
                               MLIRContext *context);

/// The major version of the serialized format that this LibTorch writes.
int64_t knownSchemaMajorVersion();

} // namespace mlir::torch_onnx::torchexport

#endif // TORCH_ONNX_LIB_IMPORT_TORCHEXPORT_PROGRAMGRAPH_H
