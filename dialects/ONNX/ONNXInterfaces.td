//===- ONNXInterfaces.td - ONNX dialect interfaces ---------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_ONNX_INTERFACES
#define TORCH_ONNX_ONNX_INTERFACES

include "mlir/IR/OpBase.td"

def ONNX_GraphOpInterface : OpInterface<"GraphOpInterface"> {
  let description = [{
    An ONNX op whose GRAPH attributes are regions, such as `If` or `Loop`.
  }];
  let cppNamespace = "::mlir::torch_onnx::ONNX";
  let methods = [
    StaticInterfaceMethod<[{
        The name of the GRAPH attribute each region stands for, in region
        order.
      }],
      "::llvm::ArrayRef<::llvm::StringRef>", "getGraphAttributeNames">,
  ];
}

#endif // TORCH_ONNX_ONNX_INTERFACES
