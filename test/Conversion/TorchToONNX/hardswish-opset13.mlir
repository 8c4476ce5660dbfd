// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 | FileCheck %s

// In opset 13, hardswish is x * HardSigmoid(x) with alpha 1/6, beta 0.5.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: onnx.HardSwish
// CHECK: %[[H:.*]] = "onnx.HardSigmoid"(%[[X]]) {alpha = 0.166666672 : f32, beta = 5.000000e-01 : f32}
// CHECK: %[[Y:.*]] = "onnx.Mul"(%[[X]], %[[H]])
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.hardswish %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
