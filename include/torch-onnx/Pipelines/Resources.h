//===- Resources.h - Releasing unreferenced resource blobs ------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_PIPELINES_RESOURCES_H
#define TORCH_ONNX_PIPELINES_RESOURCES_H

#include <cstddef>

namespace mlir {
class Operation;
namespace torch_onnx {

/// Empties every builtin `dense_resource` blob of the context that no
/// attribute under `root` refers to any more, such as the weights a constant
/// fold replaced. Emptying runs the blob's deleter, which releases the
/// importer's tensor storage. Returns the number of bytes released.
size_t releaseUnreferencedResources(Operation *root);

} // namespace torch_onnx
} // namespace mlir

#endif // TORCH_ONNX_PIPELINES_RESOURCES_H
