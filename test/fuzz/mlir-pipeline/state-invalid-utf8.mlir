module attributes {mnnx.opset_import = {"ai.onnx" = 15 : i64, "comÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ.example" = 2 : i64},
                   onnx.producer_name = "unit-test",
                   onnx.metadata_props = {author = "me"}} {
  func.func @forward(%x: tensor<3xf32> {onnx.name = "x"},
                     %s: tensor<3xf32> {onnx.name = "bn.Brunning_mean", onnx.initializer = dense<0.0> : tensor<3xf32>})
      -> (tensor<3xf32> {onnx.name = "y"}, tensor<3xf32> {onnx.name = "bn.ru’Žing_mean.out"})
      attributes {torch_onnx.state = [{input = "bn.running_mean", output = "bn.runn—‘˜ ’šž‹.out", path = "bn.running_mean"}]} {
    %y = "onnx.Add"(%x, %s) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %z = "onnx.Custom"(%s) {domain = "com.example", op_type = "Update"} : (tensor<3xf32>) -> tensor<3xf32>
    %u = "onnx.Custom"(%z) {domain = "org.other", op_type = "Other"} : (tensor<3xf32>) -> tensor<3xf32>
    return %y, %u : tensor<3xf32>, tensor<3xf32>
  }
}
