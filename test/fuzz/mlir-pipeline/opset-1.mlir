// opset 13
module attributes {onnx.opset_import = {ai.onnx = 11 : i64}} {
  func.func @squeeze_11(%x: tensor<1x3xf32>) -> tensor<3xf32> {
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.Squeeze"(%x, %none) {axes = [0]} : (tensor<1x3xf32>, none) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
