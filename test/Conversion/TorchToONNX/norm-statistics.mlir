// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// native_group_norm whose mean and rstd are used: they are computed over
// each group, [N, groups], besides the normalized output.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.InstanceNormalization"
// CHECK: %[[GROUPED:.*]] = "onnx.Reshape"(%arg0, %{{.*}}) : (tensor<1x6x3xf32>, tensor<3xi64>) -> tensor<1x2x9xf32>
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%[[GROUPED]], %{{.*}}) {axes = [2], keepdims = 1 : si64}
// CHECK: %[[CENTERED:.*]] = "onnx.Sub"(%[[GROUPED]], %[[MEAN]])
// CHECK: %[[SQUARES:.*]] = "onnx.Mul"(%[[CENTERED]], %[[CENTERED]])
// CHECK: %[[VARIANCE:.*]] = "onnx.ReduceMean"(%[[SQUARES]], %{{.*}}) {axes = [2], keepdims = 0 : si64} : (tensor<1x2x9xf32>, none) -> tensor<1x2xf32>
// CHECK: %[[SHIFTED:.*]] = "onnx.Add"(%[[VARIANCE]]
// CHECK: %[[STD:.*]] = "onnx.Sqrt"(%[[SHIFTED]])
// CHECK: %[[RSTD:.*]] = "onnx.Reciprocal"(%[[STD]])
// CHECK: %[[MEAN2D:.*]] = "onnx.Squeeze"(%[[MEAN]], %{{.*}}) : (tensor<1x2x1xf32>, tensor<1xi64>) -> tensor<1x2xf32>
// CHECK: return %{{.*}}, %[[MEAN2D]], %[[RSTD]]
func.func @forward(%x: !torch.vtensor<[1,6,3],f32>, %w: !torch.vtensor<[6],f32>, %b: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[1,6,3],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[1,2],f32>) {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %eps = torch.constant.float 5.000000e-01
  %0:3 = torch.aten.native_group_norm %x, %w, %b, %int1, %int6, %int3, %int2, %eps : !torch.vtensor<[1,6,3],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[1,6,3],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[1,2],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[1,6,3],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[1,2],f32>
}

// -----

// native_batch_norm in eval mode returns empty statistics, as PyTorch's.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = "onnx.BatchNormalization"
// CHECK: %[[EMPTY:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<0xf32>}
// CHECK: return %[[Y]], %[[EMPTY]], %{{.*}} : tensor<3x2x4xf32>, tensor<0xf32>, tensor<0xf32>
func.func @forward(%x: !torch.vtensor<[3,2,4],f32>, %w: !torch.vtensor<[2],f32>, %m: !torch.vtensor<[2],f32>, %v: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[3,2,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>) {
  %false = torch.constant.bool false
  %momentum = torch.constant.float -1.200000e+00
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.aten.native_batch_norm %x, %w, %w, %m, %v, %false, %momentum, %eps : !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
}

// -----

// native_batch_norm in training mode saves the batch's mean and
// 1 / sqrt(var + eps), over the batch and spatial dims.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%arg0, %{{.*}}) {axes = [0, 2], keepdims = 0 : si64} : (tensor<3x2x4xf32>, none) -> tensor<2xf32>
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = "onnx.BatchNormalization"(%arg0, %arg1, %arg1, %[[MEAN]], %[[VAR:[^)]*]])
// CHECK: %[[SHIFTED:.*]] = "onnx.Add"(%[[VAR]]
// CHECK: %[[STD:.*]] = "onnx.Sqrt"(%[[SHIFTED]])
// CHECK: %[[INVSTD:.*]] = "onnx.Reciprocal"(%[[STD]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: return %[[Y]], %[[MEAN]], %[[INVSTD]]
func.func @forward(%x: !torch.vtensor<[3,2,4],f32>, %w: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[3,2,4],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %true = torch.constant.bool true
  %none = torch.constant.none
  %momentum = torch.constant.float 5.000000e-01
  %eps = torch.constant.float 6.000000e-01
  %0:3 = torch.aten.native_batch_norm %x, %w, %w, %none, %none, %true, %momentum, %eps : !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[3,2,4],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}
