module {
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
