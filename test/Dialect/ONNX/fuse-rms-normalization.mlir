// RUN: torch-onnx-opt %s -split-input-file -onnx-fuse-rms-normalization | FileCheck %s

// The Llama form: weight * (x * reciprocal(sqrt(mean(x^2) + eps))).

// CHECK-LABEL: func.func @llama
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x8xf32>, %[[W:.*]]: tensor<8xf32>)
// CHECK: %[[Y:.*]] = "onnx.RMSNormalization"(%[[X]], %[[W]]) {axis = -1 : si64, epsilon = 9.99999997E-7 : f32} : (tensor<2x?x8xf32>, tensor<8xf32>) -> tensor<2x?x8xf32>
// CHECK-NOT: "onnx.Pow"
// CHECK-NOT: "onnx.ReduceMean"
// CHECK: return %[[Y]]
module attributes {onnx.opset_import = {ai.onnx = 23 : i64}} {
  func.func @llama(%x: tensor<2x?x8xf32>, %w: tensor<8xf32>) -> tensor<2x?x8xf32> {
    %two = "onnx.Initializer"() {name = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %axes = "onnx.Initializer"() {name = "", value = dense<[-1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "onnx.Initializer"() {name = "", value = dense<1.0e-6> : tensor<f32>} : () -> tensor<f32>
    %p = "onnx.Pow"(%x, %two) : (tensor<2x?x8xf32>, tensor<f32>) -> tensor<2x?x8xf32>
    %m = "onnx.ReduceMean"(%p, %axes) {keepdims = 1 : si64} : (tensor<2x?x8xf32>, tensor<1xi64>) -> tensor<2x?x1xf32>
    %a = "onnx.Add"(%m, %eps) : (tensor<2x?x1xf32>, tensor<f32>) -> tensor<2x?x1xf32>
    %s = "onnx.Sqrt"(%a) : (tensor<2x?x1xf32>) -> tensor<2x?x1xf32>
    %r = "onnx.Reciprocal"(%s) : (tensor<2x?x1xf32>) -> tensor<2x?x1xf32>
    %n = "onnx.Mul"(%x, %r) : (tensor<2x?x8xf32>, tensor<2x?x1xf32>) -> tensor<2x?x8xf32>
    %y = "onnx.Mul"(%w, %n) : (tensor<8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
    return %y : tensor<2x?x8xf32>
  }
}

// -----

// x / sqrt(eps + mean), the weight on the right, the last axis by number.

// CHECK-LABEL: func.func @divided
// CHECK: "onnx.RMSNormalization"(%{{.*}}, %{{.*}}) {axis = -1 : si64, epsilon = 9.99999974E-6 : f32}
// CHECK-NOT: "onnx.Div"
module attributes {onnx.opset_import = {ai.onnx = 28 : i64}} {
  func.func @divided(%x: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<4x8xf32> {
    %two = "onnx.Initializer"() {name = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %axes = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "onnx.Initializer"() {name = "", value = dense<1.0e-5> : tensor<1xf32>} : () -> tensor<1xf32>
    %p = "onnx.Pow"(%x, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %m = "onnx.ReduceMean"(%p, %axes) : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<4x1xf32>
    %a = "onnx.Add"(%eps, %m) : (tensor<1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %s = "onnx.Sqrt"(%a) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %n = "onnx.Div"(%x, %s) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y = "onnx.Mul"(%n, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    return %y : tensor<4x8xf32>
  }
}

// -----

// Below opset 23 there is no RMSNormalization.

// CHECK-LABEL: func.func @opset22
// CHECK-NOT: "onnx.RMSNormalization"
// CHECK: "onnx.Pow"
module attributes {onnx.opset_import = {ai.onnx = 22 : i64}} {
  func.func @opset22(%x: tensor<4x8xf32>, %w: tensor<8xf32>) -> tensor<4x8xf32> {
    %two = "onnx.Initializer"() {name = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %axes = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "onnx.Initializer"() {name = "", value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
    %p = "onnx.Pow"(%x, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %m = "onnx.ReduceMean"(%p, %axes) : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<4x1xf32>
    %a = "onnx.Add"(%m, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
    %s = "onnx.Sqrt"(%a) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %n = "onnx.Div"(%x, %s) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y = "onnx.Mul"(%n, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    return %y : tensor<4x8xf32>
  }
}

// -----

// Not an RMS norm: the mean is over the first axis, the exponent is 3, the
// input of the square is another value, the weight is per row, and the
// normalized value has another use.

// CHECK-LABEL: func.func @not_rms_norm
// CHECK-NOT: "onnx.RMSNormalization"
module attributes {onnx.opset_import = {ai.onnx = 23 : i64}} {
  func.func @not_rms_norm(%x: tensor<4x8xf32>, %z: tensor<4x8xf32>, %w: tensor<8xf32>, %w4: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
    %two = "onnx.Initializer"() {name = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %three = "onnx.Initializer"() {name = "", value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
    %first = "onnx.Initializer"() {name = "", value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
    %last = "onnx.Initializer"() {name = "", value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %eps = "onnx.Initializer"() {name = "", value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
    %p = "onnx.Pow"(%x, %two) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %m0 = "onnx.ReduceMean"(%p, %first) : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<1x8xf32>
    %a0 = "onnx.Add"(%m0, %eps) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x8xf32>
    %s0 = "onnx.Sqrt"(%a0) : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %n0 = "onnx.Div"(%x, %s0) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
    %y0 = "onnx.Mul"(%n0, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %p3 = "onnx.Pow"(%x, %three) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %m1 = "onnx.ReduceMean"(%p3, %last) : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<4x1xf32>
    %a1 = "onnx.Add"(%m1, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
    %s1 = "onnx.Sqrt"(%a1) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %n1 = "onnx.Div"(%x, %s1) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y1 = "onnx.Mul"(%n1, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %m2 = "onnx.ReduceMean"(%p, %last) : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<4x1xf32>
    %a2 = "onnx.Add"(%m2, %eps) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
    %s2 = "onnx.Sqrt"(%a2) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %n2 = "onnx.Div"(%z, %s2) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y2 = "onnx.Mul"(%n2, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %n3 = "onnx.Div"(%x, %s2) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y3 = "onnx.Mul"(%n3, %w4) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
    %y4 = "onnx.Mul"(%n3, %w) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    return %y0, %y1, %y2, %y3, %y4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
}
