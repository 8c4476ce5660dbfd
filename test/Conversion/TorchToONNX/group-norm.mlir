// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 -split-input-file | FileCheck %s

// group_norm (no ONNX op up to opset 17): InstanceNormalization over the
// groups, then the per-channel affine.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x4x4xf32>)
// CHECK: %[[G:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<2x6x4x4xf32>, tensor<3xi64>) -> tensor<2x3x32xf32>
// CHECK: %[[N:.*]] = "onnx.InstanceNormalization"(%[[G]], %{{.*}}, %{{.*}}) {epsilon = 9.99999974E-6 : f32} : (tensor<2x3x32xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x32xf32>
// CHECK: %[[R:.*]] = "onnx.Reshape"(%[[N]], %{{.*}}) : (tensor<2x3x32xf32>, tensor<4xi64>) -> tensor<2x6x4x4xf32>
// CHECK: %[[W:.*]] = "onnx.Initializer"() {{.*}}: () -> tensor<6x1x1xf32>
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[R]], %[[W]])
// CHECK: "onnx.Add"(%[[S]], %{{.*}})
func.func @forward(%x: !torch.vtensor<[2,6,4,4],f32>) -> !torch.vtensor<[2,6,4,4],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %int3 = torch.constant.int 3
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %0 = torch.aten.group_norm %x, %int3, %w, %b, %eps, %true : !torch.vtensor<[2,6,4,4],f32>, !torch.int, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,6,4,4],f32>
  return %0 : !torch.vtensor<[2,6,4,4],f32>
}

// -----

// instance_norm: InstanceNormalization.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.InstanceNormalization"(%{{.*}}, %{{.*}}, %{{.*}}) {epsilon = 9.99999974E-6 : f32} : (tensor<2x6x4x4xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x4x4xf32>
func.func @forward(%x: !torch.vtensor<[2,6,4,4],f32>) -> !torch.vtensor<[2,6,4,4],f32> {
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  %true = torch.constant.bool true
  %0 = torch.aten.instance_norm %x, %none, %none, %none, %none, %true, %momentum, %eps, %true : !torch.vtensor<[2,6,4,4],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,6,4,4],f32>
  return %0 : !torch.vtensor<[2,6,4,4],f32>
}
