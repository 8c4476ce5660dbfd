module attributes {onnx.opset_import = {"ai.onnx" = 16 : i64}} {
  func.func @control_flow(%c: tensor<i1> {onnx.name = "c"},
                          %x: tensor<2xf32> {onnx.name = "x"})
      -> (tensor<2xf32> {onnx.name = "looped"}) {
    %outer = "onnx.Initializer"() {name = "outer", value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %trip = "onnx.Initializer"() {name = "trip", value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %none = "onnx.NoValue"() : () -> none
    %branch = "onnx.If"(%c) ({
      %t = "onnx.Add"(%x, %outer) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("then_add")
      "onnx.Yield"(%t) : (tensor<2xf32>) -> ()
    }, {
      "onnx.Yield"(%outer) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32> loc("branch")
    %looped = "onnx.Loop"(%trip, %none, %branch) ({
    ^bb0(%i: tensor<i64>, %cond: tensor<i1>, %acc: tensor<2xf32>):
      %next = "onnx.Add"(%acc, %outer) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("body_add")
      "onnx.Yield"(%cond, %next) : (tensor<i1>, tensor<2xf32>) -> ()
    }) : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32> loc("loop")
    return %looped : tensor<2xf32>
  }
}
