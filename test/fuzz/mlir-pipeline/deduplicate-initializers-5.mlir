func.func @literal_and_blob() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %l = "onnx.Initializer"() {name = "literal", value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "onnx.Initializer"() {name = "blob", value = dense_resource<blob_l> : tensor<2xf32>} : () -> tensor<2xf32>
  %s = "onnx.Initializer"() {name = "splat", value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "onnx.Initializer"() {name = "splat_blob", value = dense_resource<blob_s> : tensor<2xf32>} : () -> tensor<2xf32>
  return %l, %b, %s, %t : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_l: "0x040000000000803F00000040",
      blob_s: "0x040000000000803F0000803F"
    }
  }
#-}
