// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s

// Without model attributes, the IR version follows the opset and the
// producer is torch-onnx.

module attributes {onnx.opset_import = {"ai.onnx" = 13 : i64}} {
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
