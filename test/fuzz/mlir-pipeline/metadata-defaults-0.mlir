module attributes {onnx.opset_import = {"ai.onnx" = 13 : i64}} {
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
