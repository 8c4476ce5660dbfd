module {
  func.func private @helper(%x: tensor<3xf32>) -> tensor<3xf32> {
    return %x : tensor<3xf32>
  }
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = func.call @helper(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
