module attributes {onnx.opset_import = {ai.onnx = 20 : i64}} {
  func.func @main_graph(%x: tensor<2x!onnx.string> {onnx.name = "x"}) -> (tensor<2x!onnx.string> {onnx.name = "y"}) {
    %s = "onnx.Initializer"() {name = "suffix", value = dense<["-a", "-b"]> : tensor<2x!onnx.string>} : () -> tensor<2x!onnx.string>
    %y = "onnx.StringConcat"(%x, %s) : (tensor<2x!onnx.string>, tensor<2x!onnx.string>) -> tensor<2x!onnx.string>
    return %y : tensor<2x!onnx.string>
  }
}
