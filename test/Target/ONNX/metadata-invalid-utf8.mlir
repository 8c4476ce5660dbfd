// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s

// The `torch_onnx.state` metadata is JSON, which holds only UTF-8; a string
// attribute may hold any bytes (here 0x86 and 0xFF), and each invalid byte
// becomes U+FFFD, in keys and values alike.

// CHECK: metadata_props: ["torch_onnx.state" : "[{\"input\":\"s\",\"output\":\"s�.out\",\"p�ath\":\"s\"}]"]
module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @forward(%x: tensor<3xf32> {onnx.name = "x"},
                     %s: tensor<3xf32> {onnx.name = "s", onnx.initializer = dense<0.0> : tensor<3xf32>})
      -> (tensor<3xf32> {onnx.name = "y"}, tensor<3xf32> {onnx.name = "s.out"})
      attributes {torch_onnx.state = [{input = "s", output = "s\86.out", "p\FFath" = "s"}]} {
    %y = "onnx.Add"(%x, %s) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    return %y, %y : tensor<3xf32>, tensor<3xf32>
  }
}
