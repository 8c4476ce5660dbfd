// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s

// Without model attributes, the IR version follows the opset and the
// producer is torch-onnx.

// CHECK: ir_version: 7,
// CHECK-NEXT: opset_import: ["" : 13],
// CHECK-NEXT: producer_name: "torch-onnx",
// CHECK-NEXT: producer_version: "0.1.0"
// CHECK-NEXT: >
// CHECK-NEXT: forward (float[3] input_0) => (float[3] output_0)

module attributes {onnx.opset_import = {"ai.onnx" = 13 : i64}} {
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
