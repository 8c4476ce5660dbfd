// RUN: torch-onnx-opt %s -convert-torch-to-onnx="opset=18" -split-input-file | FileCheck %s

// Bitwise ops on integers are BitwiseAnd/Or/Xor from opset 18; before,
// they compute on the bits (bitwise-opset17.mlir).
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.BitwiseAnd"(%arg0, %arg1)
// CHECK: "onnx.BitwiseXor"
func.func @forward(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %0 = torch.aten.bitwise_and.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  %1 = torch.aten.bitwise_xor.Tensor %0, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0, %1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}
