// A blob read from bytecode stays in the file's buffer and is read-only:
// MatMul reads it through a Transpose all the same, which the emitter
// writes without a copy, and the blob is left as it is.
// unflatten-linear.mlir has a weight in a writable blob.
// RUN: torch-onnx-opt %s -emit-bytecode -o %t.mlirbc
// RUN: torch-onnx-opt %t.mlirbc -onnx-unflatten-linear | FileCheck %s

// CHECK-LABEL: func.func @read_only_weight
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "fc.weight", value = dense_resource<alone> : tensor<1x1xf32>}
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[W]]) {perm = [1, 0]}
// CHECK: "onnx.MatMul"(%{{.*}}, %[[T]])
// CHECK-NOT: "onnx.Gemm"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @read_only_weight(%x: tensor<2x4x1xf32>) -> tensor<2x4x1xf32> {
    %w = "onnx.Initializer"() {name = "fc.weight", value = dense_resource<alone> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
    %none = "onnx.NoValue"() : () -> none
    %rows = "onnx.Initializer"() {name = "", value = dense<[8, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %shape = "onnx.Initializer"() {name = "", value = dense<[2, 4, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<2x4x1xf32>, tensor<2xi64>) -> tensor<8x1xf32>
    %g = "onnx.Gemm"(%flat, %w, %none) {transB = 1 : si64} : (tensor<8x1xf32>, tensor<1x1xf32>, none) -> tensor<8x1xf32>
    %y = "onnx.Reshape"(%g, %shape) : (tensor<8x1xf32>, tensor<3xi64>) -> tensor<2x4x1xf32>
    return %y : tensor<2x4x1xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      alone: "0x040000000000803F"
    }
  }
#-}
