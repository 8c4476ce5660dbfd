// RUN: torch-onnx-opt %s -split-input-file -onnx-fold-constants | FileCheck %s

// An Identity whose input has its type is removed.

// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: onnx.Identity
// CHECK: return %[[X]]
func.func @identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "onnx.Identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A Transpose of an initializer becomes a transposed initializer with the
// same name.

// CHECK-LABEL: func.func @transpose
// CHECK: %[[T:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}
// CHECK-NOT: onnx.Transpose
// CHECK: return %[[T]]
func.func @transpose() -> tensor<3x2xf32> {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %t = "onnx.Transpose"(%w) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

// Without `perm`, Transpose reverses the dims.

// CHECK-LABEL: func.func @transpose_default_perm
// CHECK: "onnx.Initializer"() {name = "w", value = dense<{{\[}}[{{\[}}0.000000e+00, 4.000000e+00], [2.000000e+00, 6.000000e+00]], {{\[}}[1.000000e+00, 5.000000e+00], [3.000000e+00, 7.000000e+00]]]> : tensor<2x2x2xf32>}
// CHECK-NOT: onnx.Transpose
func.func @transpose_default_perm() -> tensor<2x2x2xf32> {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %t = "onnx.Transpose"(%w) : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %t : tensor<2x2x2xf32>
}

// -----

// Reshape, Flatten, Squeeze and Unsqueeze of an initializer keep its data
// under the result type.

// CHECK-LABEL: func.func @reshapes
// CHECK-DAG: %[[R:.*]] = "onnx.Initializer"() {name = "w", value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>}
// CHECK-DAG: %[[F:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<1x6xf32>}
// CHECK-DAG: %[[U:.*]] = "onnx.Initializer"() {name = "w", value = dense<{{\[}}[{{\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]]> : tensor<1x2x3xf32>}
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "b", value = dense<7> : tensor<i64>}
// CHECK-NOT: onnx.Reshape
// CHECK-NOT: onnx.Flatten
// CHECK-NOT: onnx.Squeeze
// CHECK-NOT: onnx.Unsqueeze
// CHECK: return %[[R]], %[[F]], %[[U]], %[[S]]
func.func @reshapes() -> (tensor<6xf32>, tensor<1x6xf32>, tensor<1x2x3xf32>, tensor<i64>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "onnx.Initializer"() {name = "b", value = dense<7> : tensor<1xi64>} : () -> tensor<1xi64>
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %zero = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %r = "onnx.Reshape"(%w, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  %f = "onnx.Flatten"(%w) {axis = 0 : si64} : (tensor<2x3xf32>) -> tensor<1x6xf32>
  %u = "onnx.Unsqueeze"(%w, %zero) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %s = "onnx.Squeeze"(%b, %zero) : (tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
  return %r, %f, %u, %s : tensor<6xf32>, tensor<1x6xf32>, tensor<1x2x3xf32>, tensor<i64>
}

// -----

// Ops on graph inputs stay.

// CHECK-LABEL: func.func @runtime_input
// CHECK: "onnx.Transpose"
// CHECK: "onnx.Reshape"
func.func @runtime_input(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<6xf32>) {
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %t = "onnx.Transpose"(%x) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "onnx.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %t, %r : tensor<3x2xf32>, tensor<6xf32>
}
