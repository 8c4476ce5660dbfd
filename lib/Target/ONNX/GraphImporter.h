//===- GraphImporter.h - ONNX graphs to the ONNX dialect --------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_TARGET_ONNX_GRAPHIMPORTER_H
#define TORCH_ONNX_LIB_TARGET_ONNX_GRAPHIMPORTER_H

#include "ExternalData.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <onnx/onnx_pb.h>

namespace mlir::torch_onnx {

/// Imports the main graph of a model as a `func.func` at the end of
/// `module`, with one op per node and GRAPH attributes as regions.
/// `opsets` maps each imported domain ("" for the default one) to its
/// version. Tensors with large raw data are moved out of `graph` into blobs.
LogicalResult importGraph(onnx::GraphProto &graph, ModuleOp module,
                          const llvm::StringMap<int64_t> &opsets,
                          ExternalDataReader &externalData, Location fileLoc);

} // namespace mlir::torch_onnx

#endif // TORCH_ONNX_LIB_TARGET_ONNX_GRAPHIMPORTER_H
