module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @main_graph(%x: tensor<2x2xf32> {onnx.name = "x"})
      -> (tensor<2x2xf32> {onnx.name = "out"}) {
    %w0 = "onnx.Initializer"() {name = "w0", value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %w1 = "onnx.Initializer"() {name = "w1", value = dense<2.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %0 = "onnx.MatMul"(%x, %w0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.0")
    %1 = "onnx.Add"(%0, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.0")
    %2 = "onnx.MatMul"(%1, %w1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.1")
    %3 = "onnx.Add"(%2, %1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc/blocks.1")
    %4 = "onnx.Relu"(%3) : (tensor<2x2xf32>) -> tensor<2x2xf32> loc("/enc")
    %5 = "onnx.Neg"(%4) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %5 : tensor<2x2xf32>
  }
}
