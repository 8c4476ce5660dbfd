// opset 13
func.func @split_and_trilu() -> (tensor<1x2xi64>, tensor<2x2xi64>, tensor<2x3xf32>) {
  %w = "onnx.Initializer"() {name = "w", value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %sizes = "onnx.Initializer"() {name = "", value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0:2 = "onnx.Split"(%w, %sizes) {axis = 1 : si64} : (tensor<3x2xi64>, tensor<2xi64>) -> (tensor<1x2xi64>, tensor<2x2xi64>)
  %ones = "onnx.Initializer"() {name = "", value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %k = "onnx.Initializer"() {name = "", value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %t = "onnx.Trilu"(%ones, %k) {upper = 1 : si64} : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x3xf32>
  return %0#0, %0#1, %t : tensor<1x2xi64>, tensor<2x2xi64>, tensor<2x3xf32>
}
