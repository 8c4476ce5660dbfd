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
    When a `Conv` with an f32 initializer for its weight feeds only an
    inference-mode `BatchNormalization` with constant parameters, the
    normalization is folded into the conv: with
    `s = scale / sqrt(var + eps)` per output channel, the weight becomes
    `W * s` and the bias `(B - mean) * s + bias`. The scaled weight is an
    `onnx.Mul` of `W` and an initializer of `s` shaped [C, 1, ..., 1],
    which the emitter writes as one initializer, multiplying as it writes:
    `W` is never copied in memory, and `onnx-fold-constants` leaves the
    Mul alone.

    Before:
    ```mlir
    %y = "onnx.Conv"(%x, %w, %b) : (...) -> tensor<1x8x4x4xf32>
    %z = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var)
        {epsilon = 1.0e-05 : f32} : (...) -> tensor<1x8x4x4xf32>
    ```
    After:
    ```mlir
    %s = "onnx.Initializer"() {name = "conv.weight.bn_scale", ...}
        : () -> tensor<8x1x1x1xf32>
    %w2 = "onnx.Mul"(%w, %s) : (...) -> tensor<8x3x3x3xf32>
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
    1 MiB) folds into a user whose other inputs are constants, and so do the
    transposes and row scalings of initializers that the emitter derives as
    it writes them; `Not`, `And`, `Or` and `Xor` work on bools; `Cast`,
    comparisons, `Add`, `Sub`, `Mul`, `Clip`, unary math (`Relu`, `Sigmoid`,
    `Sqrt`, ...), `ReduceSum`, `ReduceProd`, `ReduceMax`, `ReduceMin` and,
    on floats, `Div`, `Pow`, `ReduceMean`, `MatMul` and `Gemm` compute on
    f32, f64, i32 and i64; `Cast` and `Equal` also take bools (as 0 and 1).
    Reductions take their axes from the `axes` input or attribute, as the
    opset has it. Results larger than 64 MiB are left to the runtime. A
    folded value is an initializer in the graph and an `onnx.Constant` in a
    subgraph. `Identity` nodes are removed.

    Before:
    ```mlir
    %w = "onnx.Initializer"() {name = "w", value = dense<...> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %t = "onnx.Neg"(%w) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    ```
    After:
    ```mlir
    %t = "onnx.Initializer"() {name = "folded", value = dense<...> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
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

def UnflattenLinear : Pass<"onnx-unflatten-linear", "func::FuncOp"> {
  let summary = "Turn the flattened Gemm of a linear layer into MatMul + Add";
  let description = [{
    The conversion lowers `linear` on an input of rank 3 or more to a
    Reshape to 2-D, a Gemm that reads the weight as stored (`transB = 1`)
    and a Reshape back to the input's leading dims, read at run time when
    they are dynamic: up to six nodes where MatMul and Add take two. This
    pass makes the two-node form. With `transB = 1`, MatMul reads the
    weight through an `onnx.Transpose` of its initializer when this Gemm is
    the initializer's only user: folding leaves that transpose alone, and
    the emitter writes it as an initializer named after the weight with
    `.T`, transposing the bytes as it writes them, so no transposed copy is
    ever made. A shared weight (a tied embedding) keeps the Gemm rather than
    be written twice. An addmm of a flattened input (GPT-2's Conv1D: a Gemm
    without `transB`, the output shape built from the input's dims) becomes
    MatMul + Add whatever its weight, which MatMul reads as stored.

    Before:
    ```mlir
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<?x?x64xf32>, tensor<2xi64>) -> tensor<?x64xf32>
    %y = "onnx.Gemm"(%flat, %w, %b) {transB = 1 : si64} : (tensor<?x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<?x32xf32>
    %s = "onnx.Shape"(%x) : (tensor<?x?x64xf32>) -> tensor<3xi64>
    %lead = "onnx.Slice"(%s, %zero, %two, %zero) : (tensor<3xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    %shape = "onnx.Concat"(%lead, %n) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
    %z = "onnx.Reshape"(%y, %shape) : (tensor<?x32xf32>, tensor<3xi64>) -> tensor<?x?x32xf32>
    ```
    After (`%wt` written as the initializer `fc.weight.T` when `%w` is
    `fc.weight`):
    ```mlir
    %wt = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %m = "onnx.MatMul"(%x, %wt) : (tensor<?x?x64xf32>, tensor<64x32xf32>) -> tensor<?x?x32xf32>
    %z = "onnx.Add"(%m, %b) : (tensor<?x?x32xf32>, tensor<32xf32>) -> tensor<?x?x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

def SimplifyShapeComputations
    : Pass<"onnx-simplify-shape-computations", "func::FuncOp"> {
  let summary = "Merge the Shape, Gather, Unsqueeze and Concat chains of "
                "dynamic sizes, and chains of Reshapes and Transposes";
  let description = [{
    The conversion reads each dynamic size where an aten op needs it, as
    `Shape`, `Gather` of one dim, `Unsqueeze` and `Concat`, and lowers views
    of views to Reshapes of Reshapes. This pass merges those chains:

    - `Unsqueeze(Unsqueeze(x, a), b)` and `Transpose(Transpose(x, p), q)`
      become one op when the inner one has no other user (no op when the
      permutations undo each other);
    - `Reshape(Reshape(x, a), b)` becomes `Reshape(x, b)` when `b` holds no
      constant 0 and, where it has entries read at run time, a -1 (a 0 read
      at run time is an empty tensor, which PyTorch refuses to view beside
      a -1) or the outer Reshape has `allowzero` set; a Reshape to its
      input's type with at most one dynamic dim is its input;
    - `x + 0` and `x - 0` on integers, and `x * 1` and `x / 1`, become `x`
      when the constant does not broadcast `x` (on floats, `-0.0 + 0` is
      `+0.0`, but `* 1` and `/ 1` are exact);
    - from opset 15, `Slice(Shape(x), [s], [e])` and
      `Unsqueeze(Gather(Shape(x), i), [0])` become Shape ops with `start`
      and `end`;
    - a Concat of 1-D pieces merges neighbouring constants and, from opset
      15, neighbouring Shape ranges of one tensor; a Concat of one piece
      is that piece.

    Before:
    ```mlir
    %s = "onnx.Shape"(%x) : (tensor<?x?x64xf32>) -> tensor<3xi64>
    %b = "onnx.Gather"(%s, %zero) {axis = 0 : si64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %n = "onnx.Gather"(%s, %one) {axis = 0 : si64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %bu = "onnx.Unsqueeze"(%b, %axis0) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %nu = "onnx.Unsqueeze"(%n, %axis0) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %t = "onnx.Concat"(%bu, %nu, %rest, %dim) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xi64>
    %y = "onnx.Reshape"(%x, %t) : (tensor<?x?x64xf32>, tensor<4xi64>) -> tensor<?x?x4x16xf32>
    ```
    After (opset 17):
    ```mlir
    %s = "onnx.Shape"(%x) {end = 2 : si64} : (tensor<?x?x64xf32>) -> tensor<2xi64>
    %c = "onnx.Initializer"() {name = "", value = dense<[-1, 16]> : tensor<2xi64>} : () -> tensor<2xi64>
    %t = "onnx.Concat"(%s, %c) {axis = 0 : si64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
    %y = "onnx.Reshape"(%x, %t) : (tensor<?x?x64xf32>, tensor<4xi64>) -> tensor<?x?x4x16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::torch_onnx::ONNX::ONNXDialect"];
}

#endif // TORCH_ONNX_ONNX_PASSES
