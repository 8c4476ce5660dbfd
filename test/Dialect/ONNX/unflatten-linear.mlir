// RUN: torch-onnx-opt %s -split-input-file -onnx-unflatten-linear | FileCheck %s

// A linear layer on a 3-D input with dynamic leading dims, as the
// conversion lowers it: MatMul + Add replace the six nodes, MatMul reading
// the weight, which only this Gemm reads, through a Transpose that the
// emitter writes as the initializer fc.weight.T. The weight itself stays as
// it is.

// CHECK-LABEL: func.func @dynamic_leading_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x3xf32>)
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {name = "fc.weight", value = dense_resource<fc_weight> : tensor<2x3xf32>}
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {name = "fc.bias"
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[W]]) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[M:.*]] = "onnx.MatMul"(%[[X]], %[[T]]) : (tensor<?x?x3xf32>, tensor<3x2xf32>) -> tensor<?x?x2xf32>
// CHECK-NEXT: %[[Y:.*]] = "onnx.Add"(%[[M]], %[[B]]) : (tensor<?x?x2xf32>, tensor<2xf32>) -> tensor<?x?x2xf32>
// CHECK-NEXT: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @dynamic_leading_dims(%x: tensor<?x?x3xf32>) -> tensor<?x?x2xf32> {
    %w = "onnx.Initializer"() {name = "fc.weight", value = dense_resource<fc_weight> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %b = "onnx.Initializer"() {name = "fc.bias", value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
    %rows = "onnx.Initializer"() {name = "", value = dense<[-1, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %two = "onnx.Initializer"() {name = "", value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %n = "onnx.Initializer"() {name = "", value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<?x?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
    %g = "onnx.Gemm"(%flat, %w, %b) {transB = 1 : si64} : (tensor<?x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<?x2xf32>
    %s = "onnx.Shape"(%x) : (tensor<?x?x3xf32>) -> tensor<3xi64>
    %none = "onnx.NoValue"() : () -> none
    %lead = "onnx.Slice"(%s, %zero, %two, %zero, %none) : (tensor<3xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<2xi64>
    %shape = "onnx.Concat"(%lead, %n) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
    %y = "onnx.Reshape"(%g, %shape) : (tensor<?x2xf32>, tensor<3xi64>) -> tensor<?x?x2xf32>
    return %y : tensor<?x?x2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      fc_weight: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----

// Static shapes, no bias, the leading dims read by a Shape range: MatMul
// alone.

// CHECK-LABEL: func.func @static_without_bias
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x3xf32>)
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "fc.weight", value = dense<1.000000e+00> : tensor<5x3xf32>}
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[W]]) {perm = [1, 0]} : (tensor<5x3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[Y:.*]] = "onnx.MatMul"(%[[X]], %[[T]]) : (tensor<2x4x3xf32>, tensor<3x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @static_without_bias(%x: tensor<2x4x3xf32>) -> tensor<2x4x5xf32> {
    %w = "onnx.Initializer"() {name = "fc.weight", value = dense<1.0> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
    %none = "onnx.NoValue"() : () -> none
    %rows = "onnx.Initializer"() {name = "", value = dense<[8, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %shape = "onnx.Initializer"() {name = "", value = dense<[2, 4, 5]> : tensor<3xi64>} : () -> tensor<3xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<2x4x3xf32>, tensor<2xi64>) -> tensor<8x3xf32>
    %g = "onnx.Gemm"(%flat, %w, %none) {transB = 1 : si64} : (tensor<8x3xf32>, tensor<5x3xf32>, none) -> tensor<8x5xf32>
    %y = "onnx.Reshape"(%g, %shape) : (tensor<8x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    return %y : tensor<2x4x5xf32>
  }
}

// -----

// A weight that two Gemms share would be written twice, as itself and
// transposed: both keep the Gemm.

// CHECK-LABEL: func.func @shared_weight
// CHECK-COUNT-2: "onnx.Gemm"
// CHECK-NOT: "onnx.MatMul"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @shared_weight(%x: tensor<2x4x3xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>) {
    %w = "onnx.Initializer"() {name = "fc.weight", value = dense<1.0> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
    %none = "onnx.NoValue"() : () -> none
    %rows = "onnx.Initializer"() {name = "", value = dense<[8, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %shape = "onnx.Initializer"() {name = "", value = dense<[2, 4, 5]> : tensor<3xi64>} : () -> tensor<3xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<2x4x3xf32>, tensor<2xi64>) -> tensor<8x3xf32>
    %g = "onnx.Gemm"(%flat, %w, %none) {transB = 1 : si64} : (tensor<8x3xf32>, tensor<5x3xf32>, none) -> tensor<8x5xf32>
    %y = "onnx.Reshape"(%g, %shape) : (tensor<8x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    %h = "onnx.Gemm"(%flat, %w, %none) {transB = 1 : si64} : (tensor<8x3xf32>, tensor<5x3xf32>, none) -> tensor<8x5xf32>
    %z = "onnx.Reshape"(%h, %shape) : (tensor<8x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    return %y, %z : tensor<2x4x5xf32>, tensor<2x4x5xf32>
  }
}

// -----

// A Reshape back to other leading dims than the input's, or a Gemm with
// alpha, is not a linear layer: nothing changes.

// CHECK-LABEL: func.func @not_a_linear
// CHECK-COUNT-2: "onnx.Gemm"
// CHECK-NOT: "onnx.MatMul"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @not_a_linear(%x: tensor<2x4x3xf32>) -> (tensor<4x2x5xf32>, tensor<2x4x5xf32>) {
    %w = "onnx.Initializer"() {name = "a.weight", value = dense<1.0> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
    %v = "onnx.Initializer"() {name = "b.weight", value = dense<2.0> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
    %none = "onnx.NoValue"() : () -> none
    %rows = "onnx.Initializer"() {name = "", value = dense<[8, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %other = "onnx.Initializer"() {name = "", value = dense<[4, 2, 5]> : tensor<3xi64>} : () -> tensor<3xi64>
    %shape = "onnx.Initializer"() {name = "", value = dense<[2, 4, 5]> : tensor<3xi64>} : () -> tensor<3xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<2x4x3xf32>, tensor<2xi64>) -> tensor<8x3xf32>
    %g = "onnx.Gemm"(%flat, %w, %none) {transB = 1 : si64} : (tensor<8x3xf32>, tensor<5x3xf32>, none) -> tensor<8x5xf32>
    %y = "onnx.Reshape"(%g, %other) : (tensor<8x5xf32>, tensor<3xi64>) -> tensor<4x2x5xf32>
    %h = "onnx.Gemm"(%flat, %v, %none) {alpha = 2.0 : f32, transB = 1 : si64} : (tensor<8x3xf32>, tensor<5x3xf32>, none) -> tensor<8x5xf32>
    %z = "onnx.Reshape"(%h, %shape) : (tensor<8x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    return %y, %z : tensor<4x2x5xf32>, tensor<2x4x5xf32>
  }
}

// -----

// GPT-2's Conv1D, an addmm of the flattened input with a weight stored as
// [in, out] (transB = 0) and the output shape built from dims read one by
// one: MatMul reads the weight as it is, even one that others share.

// CHECK-LABEL: func.func @addmm_of_flattened_input
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x3xf32>)
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "c_fc.weight", value = dense<1.000000e+00> : tensor<3x5xf32>}
// CHECK: %[[M:.*]] = "onnx.MatMul"(%[[X]], %[[W]]) : (tensor<?x?x3xf32>, tensor<3x5xf32>) -> tensor<?x?x5xf32>
// CHECK-NEXT: %[[Y:.*]] = "onnx.Add"(%[[M]], %{{.*}})
// CHECK-NEXT: return %[[Y]], %[[W]]
// CHECK-NOT: "onnx.Gemm"
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @addmm_of_flattened_input(%x: tensor<?x?x3xf32>) -> (tensor<?x?x5xf32>, tensor<3x5xf32>) {
    %w = "onnx.Initializer"() {name = "c_fc.weight", value = dense<1.0> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
    %b = "onnx.Initializer"() {name = "c_fc.bias", value = dense<0.5> : tensor<5xf32>} : () -> tensor<5xf32>
    %rows = "onnx.Initializer"() {name = "", value = dense<[-1, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %i0 = "onnx.Initializer"() {name = "", value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %i1 = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %axis = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %n = "onnx.Initializer"() {name = "", value = dense<[5]> : tensor<1xi64>} : () -> tensor<1xi64>
    %s = "onnx.Shape"(%x) : (tensor<?x?x3xf32>) -> tensor<3xi64>
    %d0 = "onnx.Gather"(%s, %i0) {axis = 0 : si64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %d1 = "onnx.Gather"(%s, %i1) {axis = 0 : si64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    %u0 = "onnx.Unsqueeze"(%d0, %axis) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %u1 = "onnx.Unsqueeze"(%d1, %axis) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
    %shape = "onnx.Concat"(%u0, %u1, %n) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
    %flat = "onnx.Reshape"(%x, %rows) : (tensor<?x?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
    %g = "onnx.Gemm"(%flat, %w, %b) : (tensor<?x3xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<?x5xf32>
    %y = "onnx.Reshape"(%g, %shape) : (tensor<?x5xf32>, tensor<3xi64>) -> tensor<?x?x5xf32>
    return %y, %w : tensor<?x?x5xf32>, tensor<3x5xf32>
  }
}
