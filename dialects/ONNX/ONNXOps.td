//===- ONNXOps.td - Hand-written ONNX dialect ops ----------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The ops that are not ONNX operators of the default domain: constants,
// missing optional inputs, region terminators and custom-domain nodes. The
// operators themselves are generated from libonnx's schema registry.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_ONNX_OPS
#define TORCH_ONNX_ONNX_OPS

include "ONNX/ONNXBase.td"

def ONNX_NoValueOp : ONNX_Op<"NoValue", [Pure]> {
  let summary = "A missing optional input";
  let description = [{
    Stands for an optional input that a node does not have. The emitter
    writes the empty name `""` for it, or drops it when it is trailing.

    ```mlir
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x3x8x8xf32>,
        tensor<4x3x3x3xf32>, none) -> tensor<1x4x6x6xf32>
    ```
  }];
  let results = (outs NoneType:$result);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, $_builder.getNoneType());
  }]>];
}

def ONNX_YieldOp : ONNX_Op<"Yield", [Pure, Terminator]> {
  let summary = "The outputs of a graph region";
  let description = [{
    Ends the region of a GRAPH attribute (the branches of `onnx.If`, the body
    of `onnx.Loop` or `onnx.Scan`); its operands are the subgraph's outputs.
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let hasVerifier = 1;
}

def ONNX_InitializerOp : ONNX_Op<"Initializer", [ConstantLike, Pure]> {
  let summary = "A named constant tensor of the graph";
  let description = [{
    A graph initializer: a tensor named `name` whose content is `value`. The
    result type equals the type of `value`; the value may be a `dense`
    literal or a `dense_resource` blob.

    ```mlir
    %w = "onnx.Initializer"() {name = "conv.weight",
        value = dense<0.5> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, ElementsAttr:$value);
  let results = (outs AnyTensor:$output);
  let hasFolder = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::ElementsAttr":$value), [{
    build($_builder, $_state, value.getType(),
          $_builder.getStringAttr(name), value);
  }]>];
}

def ONNX_CustomOp : ONNX_Op<"Custom"> {
  let summary = "A node of an operator outside the default ONNX domain";
  let description = [{
    A node of operator `op_type` in domain `domain`, such as the ATen
    fallback `org.pytorch.aten`. Every other attribute of the op becomes an
    attribute of the node. Its effects are unknown.

    ```mlir
    %y = "onnx.Custom"(%x) {domain = "org.pytorch.aten", op_type = "ATen",
        operator = "erfinv"} : (tensor<3xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins StrAttr:$domain, StrAttr:$op_type,
                       Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let hasVerifier = 1;
}

#endif // TORCH_ONNX_ONNX_OPS
