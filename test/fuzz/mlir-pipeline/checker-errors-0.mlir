module {
  func.func @forward(%x: tensor<2x3xf32> {onnx.name = "x"}) -> (tensor<3x2xf32> {onnx.name = "y"}) {
    %w = "onnx.Initializer"() {name = "w", value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %y = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>
    return %y : tensor<3x2xf32>
  }
}
