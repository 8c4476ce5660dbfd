module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @main_graph(
      %x: tensor<?x3xf32> {onnx.name = "x", onnx.dim_params = ["batch", ""]},
      %y: tensor<?x?xf32>)
      -> (tensor<?x3xf32> {onnx.name = "out", onnx.dim_params = ["batch", ""]},
          tensor<?x3xf32> {onnx.name = "x"},
          tensor<?x3xf32> {onnx.name = "again"},
          tensor<?x?xf32>) {
    %0 = "onnx.Relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32> loc("block/relu")
    %1 = "onnx.Relu"(%0) : (tensor<?x3xf32>) -> tensor<?x3xf32> loc("block/relu")
    %2 = "onnx.Abs"(%1) : (tensor<?x3xf32>) -> tensor<?x3xf32>
    %3 = "onnx.Neg"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    return %2, %x, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x?xf32>
  }
}
