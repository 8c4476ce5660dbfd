// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=21 -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=20 -split-input-file | FileCheck %s --check-prefix=OPSET20

// From opset 21, GroupNormalization scales and shifts per channel as
// PyTorch does: group_norm is one op. Below it (GroupNormalization-18 is per
// group, and deprecated), InstanceNormalization over the groups.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x4x4xf32>, %[[W:.*]]: tensor<6xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK: %[[Y:.*]] = "onnx.GroupNormalization"(%[[X]], %[[W]], %[[B]]) {epsilon = 9.99999974E-6 : f32, num_groups = 3 : si64} : (tensor<2x6x4x4xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x4x4xf32>
// CHECK: return %[[Y]]
// OPSET20-LABEL: func.func @main_graph
// OPSET20: "onnx.InstanceNormalization"
// OPSET20-NOT: "onnx.GroupNormalization"
func.func @forward(%x: !torch.vtensor<[2,6,4,4],f32>, %w: !torch.vtensor<[6],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[2,6,4,4],f32> {
  %int3 = torch.constant.int 3
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %0 = torch.aten.group_norm %x, %int3, %w, %b, %eps, %true : !torch.vtensor<[2,6,4,4],f32>, !torch.int, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,6,4,4],f32>
  return %0 : !torch.vtensor<[2,6,4,4],f32>
}

// -----

// Without weight and bias, a unit scale and a zero shift of the input's
// channel count; the spatial dims may be dynamic.

// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[ONE:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ZERO:.*]] = "onnx.Initializer"() {{.*}}dense<0.000000e+00> : tensor<4xf32>
// CHECK: "onnx.GroupNormalization"(%{{.*}}, %[[ONE]], %[[ZERO]]) {epsilon = 1.000000e-03 : f32, num_groups = 2 : si64} : (tensor<1x4x?xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x?xf32>
func.func @forward(%x: !torch.vtensor<[1,4,?],f32>) -> !torch.vtensor<[1,4,?],f32> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %eps = torch.constant.float 1.000000e-03
  %true = torch.constant.bool true
  %0 = torch.aten.group_norm %x, %int2, %none, %none, %eps, %true : !torch.vtensor<[1,4,?],f32>, !torch.int, !torch.none, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[1,4,?],f32>
  return %0 : !torch.vtensor<[1,4,?],f32>
}
