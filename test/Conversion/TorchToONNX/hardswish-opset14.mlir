// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=14 | FileCheck %s

// From opset 14, hardswish is HardSwish.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[Y:.*]] = "onnx.HardSwish"(%[[X]])
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.hardswish %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
