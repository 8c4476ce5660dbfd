//===- ModuleFunctions.h - Module calls as ONNX local functions -*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_MODULEFUNCTIONS_H
#define TORCH_ONNX_LIB_TARGET_ONNX_MODULEFUNCTIONS_H

#include "torch-onnx/Target/ONNX/ONNXExport.h"

#include <onnx/onnx_pb.h>

namespace mlir::torch_onnx {

/// Moves the nodes of each module call that `modules` names (by the dotted
/// module path its nodes' scopes spell, `/encoder/layer.0/...` for
/// `encoder.layer.0`) into a model-local function of the given domain and
/// name, and calls it in their place. Values the call reads (weights
/// included) become the function's inputs, and values read after it its
/// outputs. Calls of one class share a function when their nodes are the
/// same; a module called inside another exported one is called from the
/// outer one's function. A call
/// whose nodes cannot be moved together (another node runs between them and
/// depends on one of them) stays as it is, with a warning at `loc`.
void extractModuleFunctions(onnx::ModelProto &model,
                            ArrayRef<ModuleFunction> modules, Location loc);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_MODULEFUNCTIONS_H
