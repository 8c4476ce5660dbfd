module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @attrs(%x: tensor<1x3x8x8xf32> {onnx.name = "x"},
                   %w: tensor<4x3x3x3xf32> {onnx.name = "w"},
                   %m: tensor<2xf32> {onnx.name = "m"})
      -> (tensor<1x4x6x6xf32> {onnx.name = "conv"},
          tensor<1x4x6x6xf32> {onnx.name = "clip"},
          tensor<1x3x8x8xf32> {onnx.name = "dropout"},
          tensor<2xf32> {onnx.name = "custom"},
          tensor<?xi64> {onnx.name = "squeezed"}) {
    %none = "onnx.NoValue"() : () -> none
    %conv = "onnx.Conv"(%x, %w, %none) {dilations = [1, 1], group = 1 : si64, kernel_shape = [3, 3], auto_pad = "NOTSET"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<1x4x6x6xf32>
    %max = "onnx.Initializer"() {name = "max", value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
    %clip = "onnx.Clip"(%conv, %none, %max) : (tensor<1x4x6x6xf32>, none, tensor<f32>) -> tensor<1x4x6x6xf32>
    %drop, %mask = "onnx.Dropout"(%x, %none, %none) {seed = 0 : si64} : (tensor<1x3x8x8xf32>, none, none) -> (tensor<1x3x8x8xf32>, none)
    %custom = "onnx.Custom"(%m) {domain = "com.example", op_type = "Scale", alpha = 5.000000e-01 : f32, factors = [1.0 : f32, 2.0 : f32], names = ["a", "b"], table = dense<[1, 2]> : tensor<2xi32>, empty = []} : (tensor<2xf32>) -> tensor<2xf32>
    %shape = "onnx.Shape"(%x) {start = 1 : si64} : (tensor<1x3x8x8xf32>) -> tensor<3xi64>
    %sq = "onnx.Squeeze"(%shape, %none) : (tensor<3xi64>, none) -> tensor<?xi64>
    return %conv, %clip, %drop, %custom, %sq : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x3x8x8xf32>, tensor<2xf32>, tensor<?xi64>
  }
}
