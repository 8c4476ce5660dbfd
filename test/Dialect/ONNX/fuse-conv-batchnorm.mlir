// RUN: torch-onnx-opt %s -split-input-file -onnx-fuse-conv-batchnorm | FileCheck %s

// An inference BatchNormalization after a Conv without bias: with
// s = scale / sqrt(var + eps) = [1, 3], the weight becomes W * s, an
// onnx.Mul of W and s shaped [2, 1, 1, 1] that the emitter writes as one
// initializer, and the bias (0 - mean) * s + bias.

// CHECK-LABEL: func.func @conv_without_bias
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "conv.weight", value = dense<{{\[}}[{{\[}}[1.000000e+00]]], {{\[}}[{{\[}}2.000000e+00]]]]> : tensor<2x1x1x1xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "conv.weight.bn_scale", value = dense<{{\[}}[{{\[}}[1.000000e+00]]], {{\[}}[{{\[}}3.000000e+00]]]]> : tensor<2x1x1x1xf32>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "conv.weight.fused_bias", value = dense<[5.000000e-01, -4.000000e+00]> : tensor<2xf32>}
// CHECK: %[[WS:.*]] = "onnx.Mul"(%[[W]], %[[S]]) : (tensor<2x1x1x1xf32>, tensor<2x1x1x1xf32>) -> tensor<2x1x1x1xf32>
// CHECK: %[[Y:.*]] = "onnx.Conv"(%[[X]], %[[WS]], %[[B]]) {group = 2 : si64} : (tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NOT: onnx.BatchNormalization
// CHECK: return %[[Y]]
func.func @conv_without_bias(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) {group = 2 : si64} : (tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x2x4x4xf32>
  %scale = "onnx.Initializer"() {name = "bn.weight", value = dense<[2.0, 6.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %bias = "onnx.Initializer"() {name = "bn.bias", value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "onnx.Initializer"() {name = "bn.running_mean", value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "onnx.Initializer"() {name = "bn.running_var", value = dense<[4.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x4x4xf32>, none, none)
  return %z : tensor<1x2x4x4xf32>
}

// -----

// A Conv with a bias keeps the bias's name: B' = (B - mean) * s + bias.

// CHECK-LABEL: func.func @conv_with_bias
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "conv.weight", value = dense<1.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "conv.weight.bn_scale", value = dense<3.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "conv.bias", value = dense<1.000000e+01> : tensor<1xf32>}
// CHECK: %[[WS:.*]] = "onnx.Mul"(%[[W]], %[[S]])
// CHECK: %[[Y:.*]] = "onnx.Conv"(%{{.*}}, %[[WS]], %[[B]])
// CHECK-NOT: onnx.BatchNormalization
// CHECK: return %[[Y]]
func.func @conv_with_bias(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %b = "onnx.Initializer"() {name = "conv.bias", value = dense<5.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = "onnx.Conv"(%x, %w, %b) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  %scale = "onnx.Initializer"() {name = "bn.weight", value = dense<6.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias = "onnx.Initializer"() {name = "bn.bias", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %mean = "onnx.Initializer"() {name = "bn.running_mean", value = dense<3.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %var = "onnx.Initializer"() {name = "bn.running_var", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  return %z : tensor<1x1x4x4xf32>
}

// -----

// The Conv's result has another use: nothing is fused.

// CHECK-LABEL: func.func @conv_with_other_use
// CHECK: %[[Y:.*]] = "onnx.Conv"
// CHECK: %[[Z:.*]], %{{.*}}, %{{.*}} = "onnx.BatchNormalization"(%[[Y]],
// CHECK: return %[[Z]], %[[Y]]
func.func @conv_with_other_use(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %p = "onnx.Initializer"() {name = "bn.p", value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %p, %p, %p, %p) : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  return %z, %y : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>
}

// -----

// Statistics that are not constants cannot be folded.

// CHECK-LABEL: func.func @runtime_statistics
// CHECK: "onnx.Conv"
// CHECK: "onnx.BatchNormalization"
func.func @runtime_statistics(%x: tensor<1x1x4x4xf32>, %mean: tensor<1xf32>) -> tensor<1x1x4x4xf32> {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %p = "onnx.Initializer"() {name = "bn.p", value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %p, %p, %mean, %p) : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  return %z : tensor<1x1x4x4xf32>
}

// -----

// A training-mode normalization computes its own statistics.

// CHECK-LABEL: func.func @training_mode
// CHECK: "onnx.Conv"
// CHECK: "onnx.BatchNormalization"
func.func @training_mode(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %p = "onnx.Initializer"() {name = "bn.p", value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %p, %p, %p, %p) {training_mode = 1 : si64} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>)
  return %z : tensor<1x1x4x4xf32>
}

// -----

// A weight that another op still uses is read by both: fusion changes no
// weight, neither its blob nor its name.

// CHECK-LABEL: func.func @weight_with_other_use
// CHECK-DAG: %[[OLD:.*]] = "onnx.Initializer"() {name = "conv.weight", value = dense_resource<shared> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "conv.weight.bn_scale", value = dense<3.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK: %[[W:.*]] = "onnx.Mul"(%[[OLD]], %[[S]])
// CHECK: "onnx.Conv"(%{{.*}}, %[[W]], %{{.*}})
// CHECK: "onnx.Add"(%[[OLD]], %[[OLD]])
// CHECK: shared: "0x0400000000000040"
func.func @weight_with_other_use(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) {
  %w = "onnx.Initializer"() {name = "conv.weight", value = dense_resource<shared> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %y = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %scale = "onnx.Initializer"() {name = "bn.weight", value = dense<6.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias = "onnx.Initializer"() {name = "bn.bias", value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %mean = "onnx.Initializer"() {name = "bn.running_mean", value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %var = "onnx.Initializer"() {name = "bn.running_var", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %z, %m, %v = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  %k = "onnx.Add"(%w, %w) : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %z, %k : tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>
}

{-#
  dialect_resources: {
    builtin: {
      shared: "0x0400000000000040"
    }
  }
#-}

// -----

// A weight in a writable blob that only this conv uses is not written
// either: its blob keeps 2.0 (0x40000000).
// fuse-conv-batchnorm-readonly.mlir has the same weight in a read-only blob.

// CHECK-LABEL: func.func @weight_in_writable_blob
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "conv.weight", value = dense_resource<alone> : tensor<1x1x1x1xf32>}
// CHECK: %[[WS:.*]] = "onnx.Mul"(%[[W]], %{{.*}})
// CHECK: "onnx.Conv"(%{{.*}}, %[[WS]], %{{.*}})
// CHECK: alone: "0x0400000000000040"
func.func @weight_in_writable_blob(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
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
      alone: "0x0400000000000040"
    }
  }
#-}

// -----

// Two convs use one weight: each reads it through a Mul by its own
// factors, 6 / 2 = 3 and 4 / 1 = 4, and the blob keeps 1.0.

// CHECK-LABEL: func.func @weight_of_two_convs
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "w", value = dense_resource<blob> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[SA:.*]] = "onnx.Initializer"() {name = "w.bn_scale", value = dense<3.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[SB:.*]] = "onnx.Initializer"() {name = "w.bn_scale", value = dense<4.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-DAG: %[[WA:.*]] = "onnx.Mul"(%[[W]], %[[SA]])
// CHECK-DAG: %[[WB:.*]] = "onnx.Mul"(%[[W]], %[[SB]])
// CHECK-DAG: %[[A:.*]] = "onnx.Conv"(%{{.*}}, %[[WA]], %{{.*}})
// CHECK-DAG: %[[B:.*]] = "onnx.Conv"(%{{.*}}, %[[WB]], %{{.*}})
// CHECK: return %[[A]], %[[B]]
// CHECK: blob: "0x040000000000803F"
func.func @weight_of_two_convs(%x: tensor<1x1x4x4xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense_resource<blob> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %none = "onnx.NoValue"() : () -> none
  %ya = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %yb = "onnx.Conv"(%x, %w, %none) : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>, none) -> tensor<1x1x4x4xf32>
  %zero = "onnx.Initializer"() {name = "zero", value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %scale_a = "onnx.Initializer"() {name = "bn_a.weight", value = dense<6.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %var_a = "onnx.Initializer"() {name = "bn_a.running_var", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %scale_b = "onnx.Initializer"() {name = "bn_b.weight", value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %var_b = "onnx.Initializer"() {name = "bn_b.running_var", value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %za, %ma, %va = "onnx.BatchNormalization"(%ya, %scale_a, %zero, %zero, %var_a) {epsilon = 0.0 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  %zb, %mb, %vb = "onnx.BatchNormalization"(%yb, %scale_b, %zero, %zero, %var_b) {epsilon = 0.0 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<1x1x4x4xf32>, none, none)
  return %za, %zb : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F"
    }
  }
#-}
