// opset 17
func.func @r() -> (tensor<7xf32>, tensor<2x4xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %shape = "onnx.Initializer"() {name = "", value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %r = "onnx.Reshape"(%w, %shape) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<7xf32>
  %f = "onnx.Flatten"(%w) {axis = 0 : si64} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %r, %f : tensor<7xf32>, tensor<2x4xf32>
}
