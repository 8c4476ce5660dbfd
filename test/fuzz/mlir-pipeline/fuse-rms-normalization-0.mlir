// opset 23
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
