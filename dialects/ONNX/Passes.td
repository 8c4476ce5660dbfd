//===- Passes.td - ONNX dialect cleanups -------------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_ONNX_PASSES
#define TORCH_ONNX_ONNX_PASSES

include "mlir/Pass/PassBase.td"

def FuseConvBatchNorm : Pass<"onnx-fuse-conv-batchnorm", "func::FuncOp"> {
  let summary = "Fold an inference BatchNormalization into the Conv before it";
  let description = [{
    When a `Conv` with constant weights feeds only an inference-mode
    `BatchNormalization` with constant parameters, the normalization is
    folded into new weights and bias: with `s = scale / sqrt(var + eps)`,
    `W' = W * s` per output channel and `B' = (B - mean) * s + bias`.
    A weight in a writable blob that no other op refers to, used by this
    conv alone, is scaled in place; any other weight keeps its initializer
    and the conv gets a new one.

    Before:
    ```mlir
    %y = "onnx.Conv"(%x, %w, %b) : (...) -> tensor<1x8x4x4xf32>
    %z = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var)
        {epsilon = 1.0e-05 : f32} : (...) -> tensor<1x8x4x4xf32>
    ```
    After:
    ```mlir
    %w2 = "onnx.Initializer"() {name = "conv.weight", value = dense<...>} ...
    %b2 = "onnx.Initializer"() {name = "conv.bias", value = dense<...>} ...
    %z = "onnx.Conv"(%x, %w2, %b2) : (...) -> tensor<1x8x4x4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

def FoldConstants : Pass<"onnx-fold-constants", "func::FuncOp"> {
  let summary = "Fold ops whose inputs are all constants; drop Identity";
  let description = [{
    Evaluates at compile time the nodes whose inputs are all constants
    (`onnx.Initializer`, or `onnx.Constant` in a subgraph), so that the
    graph holds no node that depends only on weights. `Reshape`, `Flatten`,
    `Squeeze` and `Unsqueeze` share the original blob; `Transpose`,
    `Gather`, `Concat`, `Slice`, `Split`, `Trilu`, `Expand` (up to 1 MiB)
    and `Where` move data of any element type; `ConstantOfShape` (up to
    1 MiB) folds into a user whose other inputs are constants; `Not`, `And`, `Or` and `Xor`
    work on bools; `Cast`, comparisons, `Add`, `Sub`, `Mul`, `Clip`, unary
    math (`Relu`, `Sigmoid`, `Sqrt`, ...), `ReduceSum`, `ReduceProd`,
    `ReduceMax`, `ReduceMin` and, on floats, `Div`, `Pow`, `ReduceMean`,
    `MatMul` and `Gemm` compute on f32, f64, i32 and i64; `Cast` and
    `Equal` also take bools (as 0 and 1). Reductions take their axes
    from the `axes` input or attribute, as the opset has it. Results larger
    than 64 MiB are left to the runtime. A folded value is an initializer
    in the graph and an `onnx.Constant` in a subgraph. `Identity` nodes are
    removed.

    Before:
    ```mlir
    %w = "onnx.Initializer"() {name = "w", value = dense<...> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %t = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
    After:
    ```mlir
    %t = "onnx.Initializer"() {name = "w", value = dense<...> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
    ```
  }];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

def FuseRMSNormalization : Pass<"onnx-fuse-rms-normalization", "func::FuncOp"> {
  let summary = "Turn RMS normalization arithmetic into RMSNormalization";
  let description = [{
    From opset 23 (the module's `onnx.opset_import`; below it the pass
    does nothing), rewrites the RMS normalization that Llama, T5 and most
    decoders write out,
    `weight * (x * reciprocal(sqrt(mean(x^2, -1, keepdim) + eps)))` or with
    `x / sqrt(...)`, in either operand order, into one RMSNormalization
    over the last axis, which onnxruntime runs as one kernel. The weight
    must be a 1-d tensor as long as the last dim of `x`, of its type.

    Before:
    ```mlir
    %p = "onnx.Pow"(%x, %two) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %m = "onnx.ReduceMean"(%p, %axes) {keepdims = 1 : si64} : (tensor<2x8xf32>, tensor<1xi64>) -> tensor<2x1xf32>
    %a = "onnx.Add"(%m, %eps) : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x1xf32>
    %s = "onnx.Sqrt"(%a) : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %r = "onnx.Reciprocal"(%s) : (tensor<2x1xf32>) -> tensor<2x1xf32>
    %n = "onnx.Mul"(%x, %r) : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
    %y = "onnx.Mul"(%w, %n) : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    ```
    After:
    ```mlir
    %y = "onnx.RMSNormalization"(%x, %w) {axis = -1 : si64, epsilon = 9.99999997E-7 : f32} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

def DeduplicateInitializers
    : Pass<"onnx-deduplicate-initializers", "func::FuncOp"> {
  let summary = "Share one initializer among initializers of equal content";
  let description = [{
    Among the `onnx.Initializer` ops of one block that have the same type
    and content, keeps the one used first, under its name, and replaces the
    others with it. Models often hold many copies of the same tensor, such
    as the freshly initialized scale and shift of every normalization layer;
    sharing them makes the file smaller and lets the runtime keep one copy
    in cache. Contents are hashed, first their leading bytes, and compared
    byte for byte; a splat literal only equals the same splat literal.

    Before:
    ```mlir
    %a = "onnx.Initializer"() {name = "ln0.weight", value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %b = "onnx.Initializer"() {name = "ln1.weight", value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %y = "onnx.Mul"(%a, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    ```
    After:
    ```mlir
    %a = "onnx.Initializer"() {name = "ln0.weight", value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
    %y = "onnx.Mul"(%a, %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    ```
  }];
  let options = [
    Option<"minBytes", "min-bytes", "uint64_t", /*default=*/"0",
           "Leave initializers smaller than this many bytes alone">,
  ];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

#endif // TORCH_ONNX_ONNX_PASSES
