//===- MetaKernels.h - Meta kernels for the Torch dialect -------*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_IMPORT_TORCHSCRIPT_METAKERNELS_H
#define TORCH_ONNX_IMPORT_TORCHSCRIPT_METAKERNELS_H

namespace mlir {
class DialectRegistry;

namespace torch_onnx {
/// Gives the Torch dialect the MetaKernelInterface that runs LibTorch's
/// operators on tensors without data, for the shape inference of the tools
/// that link LibTorch.
void registerMetaKernels(DialectRegistry &registry);
} // namespace torch_onnx
} // namespace mlir

#endif // TORCH_ONNX_IMPORT_TORCHSCRIPT_METAKERNELS_H
