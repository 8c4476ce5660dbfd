// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s --check-prefixes=CHECK,OPSET17
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 -split-input-file | FileCheck %s --check-prefixes=CHECK,OPSET13

// Eval mode: BatchNormalization on the running statistics, which stay
// initializers. training_mode exists from opset 14.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4x4xf32>)
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {{.*}}name = "bn.weight"
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {{.*}}name = "bn.bias"
// CHECK-DAG: %[[M:.*]] = "onnx.Initializer"() {{.*}}name = "bn.running_mean"
// CHECK-DAG: %[[V:.*]] = "onnx.Initializer"() {{.*}}name = "bn.running_var"
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = "onnx.BatchNormalization"(%[[X]], %[[W]], %[[B]], %[[M]], %[[V]])
// CHECK-SAME: epsilon = 9.99999974E-6 : f32
// CHECK-SAME: momentum = 0.899999976 : f32
// OPSET17-SAME: training_mode = 0 : si64
// OPSET13-NOT: training_mode
// CHECK-SAME: -> (tensor<2x3x4x4xf32>, none, none)
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,3,4,4],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %w = torch.vtensor.literal(dense_resource<bn.weight> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %b = torch.vtensor.literal(dense_resource<bn.bias> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %m = torch.vtensor.literal(dense_resource<bn.running_mean> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %v = torch.vtensor.literal(dense_resource<bn.running_var> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %w, %b, %m, %v, %false, %momentum, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

{-#
  dialect_resources: {
    builtin: {
      "bn.weight": "0x040000000000803F0000803F0000803F",
      "bn.bias": "0x04000000000000000000000000000000",
      "bn.running_mean": "0x04000000000000000000000000000000",
      "bn.running_var": "0x040000000000803F0000803F0000803F"
    }
  }
#-}

// -----

// Training mode normalizes with the batch statistics: the mean and the
// biased variance over every dim but the channels.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<2x3x4x4xf32>,
// CHECK: %[[MEANK:.*]] = "onnx.ReduceMean"(%[[X]], %{{.*}}) {axes = [0, 2, 3], keepdims = 1 : si64}
// CHECK: %[[C:.*]] = "onnx.Sub"(%[[X]], %[[MEANK]])
// CHECK: %[[SQ:.*]] = "onnx.Mul"(%[[C]], %[[C]])
// CHECK: %[[VAR:.*]] = "onnx.ReduceMean"(%[[SQ]], %{{.*}}) {axes = [0, 2, 3], keepdims = 0 : si64} : (tensor<2x3x4x4xf32>, none) -> tensor<3xf32>
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%[[X]], %{{.*}}) {axes = [0, 2, 3], keepdims = 0 : si64} : (tensor<2x3x4x4xf32>, none) -> tensor<3xf32>
// CHECK: "onnx.BatchNormalization"(%[[X]], %{{.*}}, %{{.*}}, %[[MEAN]], %[[VAR]])
func.func @forward(%x: !torch.vtensor<[2,3,4,4],f32>, %m: !torch.vtensor<[3],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %w, %b, %m, %v, %true, %momentum, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}
