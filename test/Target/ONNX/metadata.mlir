// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s

// Model fields come from the module's `onnx.*` attributes; the state
// bindings of the graph function become the `torch_onnx.state` metadata.

// CHECK: ir_version: 8,
// CHECK-NEXT: opset_import: ["" : 15, "com.example" : 2, "org.other" : 1],
// CHECK-NEXT: producer_name: "unit-test",
// CHECK-NEXT: producer_version: "0.1.0",
// CHECK-NEXT: metadata_props: ["author" : "me", "torch_onnx.state" : "[{\"input\":\"bn.running_mean\",\"output\":\"bn.running_mean.out\",\"path\":\"bn.running_mean\"}]"]
// CHECK: forward (float[3] x, float[3] bn.running_mean) => (float[3] y, float[3] bn.running_mean.out)
// CHECK-NEXT: <float[3] bn.running_mean = {0.0, 0.0, 0.0}>
// CHECK: [Update] Update = com.example.Update (bn.running_mean)
// CHECK-NEXT: [Other] bn.running_mean.out = org.other.Other (Update)

module attributes {onnx.opset_import = {"ai.onnx" = 15 : i64, "com.example" = 2 : i64},
                   onnx.producer_name = "unit-test",
                   onnx.metadata_props = {author = "me"}} {
  func.func @forward(%x: tensor<3xf32> {onnx.name = "x"},
                     %s: tensor<3xf32> {onnx.name = "bn.running_mean", onnx.initializer = dense<0.0> : tensor<3xf32>})
      -> (tensor<3xf32> {onnx.name = "y"}, tensor<3xf32> {onnx.name = "bn.running_mean.out"})
      attributes {torch_onnx.state = [{input = "bn.running_mean", output = "bn.running_mean.out", path = "bn.running_mean"}]} {
    %y = "onnx.Add"(%x, %s) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %z = "onnx.Custom"(%s) {domain = "com.example", op_type = "Update"} : (tensor<3xf32>) -> tensor<3xf32>
    %u = "onnx.Custom"(%z) {domain = "org.other", op_type = "Other"} : (tensor<3xf32>) -> tensor<3xf32>
    return %y, %u : tensor<3xf32>, tensor<3xf32>
  }
}
