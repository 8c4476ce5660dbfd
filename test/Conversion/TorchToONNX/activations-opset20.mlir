// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=20 -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=18 -split-input-file | FileCheck %s --check-prefix=OPSET18

// gelu is ONNX Gelu from opset 20, exact or with the tanh approximation.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[Y:.*]] = "onnx.Gelu"(%[[X]]) {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[Y]]
// OPSET18-LABEL: func.func @main_graph
// OPSET18: "onnx.Erf"
// OPSET18-NOT: "onnx.Gelu"
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.str "none"
  %0 = torch.aten.gelu %x, %none : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Gelu"(%{{.*}}) {approximate = "tanh"}
// CHECK-NOT: "onnx.Tanh"
// OPSET18-LABEL: func.func @main_graph
// OPSET18: "onnx.Tanh"
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %tanh = torch.constant.str "tanh"
  %0 = torch.aten.gelu %x, %tanh : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// mish is ONNX Mish from opset 18.

// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Mish"
// OPSET18-LABEL: func.func @main_graph
// OPSET18-SAME: (%[[X:.*]]: tensor<4xf32>)
// OPSET18: %[[Y:.*]] = "onnx.Mish"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
// OPSET18-NOT: "onnx.Softplus"
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.mish %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
