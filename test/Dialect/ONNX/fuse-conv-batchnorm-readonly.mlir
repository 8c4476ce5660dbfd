// A blob read from bytecode stays in the file's buffer and is read-only.
// Fusion neither writes nor copies it: the conv reads it through a Mul by
// the factors, which the emitter applies as it writes the weight.
// fuse-conv-batchnorm.mlir has the same weight in a writable blob.
// RUN: torch-onnx-opt %s -emit-bytecode -o %t.mlirbc
// RUN: torch-onnx-opt %t.mlirbc -onnx-fuse-conv-batchnorm | FileCheck %s

// CHECK-LABEL: func.func @read_only_weight
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "conv.weight", value = dense_resource<alone> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "conv.weight.bn_scale", value = dense<3.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK: %[[WS:.*]] = "onnx.Mul"(%[[W]], %[[S]])
// CHECK: "onnx.Conv"(%{{.*}}, %[[WS]], %{{.*}})
// CHECK: alone: "0x040000000000803F"
func.func @read_only_weight(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense_resource<alone> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %scale = "onnx.Initializer"() {name = "bn.weight", value = dense<6.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias = "onnx.Initializer"() {name = "bn.bias", value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %mean = "onnx.Initializer"() {name = "bn.running_mean", value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %var = "onnx.Initializer"() {name = "bn.running_var", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  return %z : tensor<1x1x4x4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      alone: "0x040000000000803F"
    }
  }
#-}
