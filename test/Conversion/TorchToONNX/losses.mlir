// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Class-index cross entropy is SoftmaxCrossEntropyLoss, with PyTorch's
// weights, ignore_index and reduction as they are.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[LABELS:.*]] = "onnx.Cast"(%arg1) {to = 7 : si64}
// CHECK: %[[LOSS:.*]], %{{.*}} = "onnx.SoftmaxCrossEntropyLoss"(%arg0, %[[LABELS]], %arg2) {ignore_index = -100 : si64, reduction = "mean"} : (tensor<3x4xf32>, tensor<3xi64>, tensor<4xf32>) -> (tensor<f32>, none)
// CHECK: return %[[LOSS]]
func.func @forward(%x: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3],si32>, %w: !torch.vtensor<[4],f32>) -> !torch.vtensor<[],f32> {
  %int1 = torch.constant.int 1
  %ignore = torch.constant.int -100
  %float0 = torch.constant.float 0.000000e+00
  %0 = torch.aten.cross_entropy_loss %x, %y, %w, %int1, %ignore, %float0 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],si32>, !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// An unbatched input is a batch of one; without reduction the loss keeps
// the target's shape.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[X:.*]] = "onnx.Unsqueeze"(%arg0, %{{.*}}) : (tensor<4xf32>, tensor<1xi64>) -> tensor<1x4xf32>
// CHECK: %[[Y:.*]] = "onnx.Unsqueeze"(%arg1, %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[L:.*]] = "onnx.NegativeLogLikelihoodLoss"(%[[X]], %[[Y]], %{{.*}}) {ignore_index = 2 : si64, reduction = "none"} : (tensor<1x4xf32>, tensor<1xi64>, none) -> tensor<1xf32>
// CHECK: "onnx.Squeeze"(%[[L]], %{{.*}}) : (tensor<1xf32>, tensor<1xi64>) -> tensor<f32>
func.func @forward(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[],si64>) -> !torch.vtensor<[],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.operator "aten::nll_loss_nd"(%x, %y, %none, %int0, %int2) : (!torch.vtensor<[4],f32>, !torch.vtensor<[],si64>, !torch.none, !torch.int, !torch.int) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// Cross entropy with class probabilities: the class-axis sum of target *
// LogSoftmax, negated, then the mean.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[LP:.*]] = "onnx.LogSoftmax"(%arg0) {axis = 1 : si64}
// CHECK: %[[T:.*]] = "onnx.Mul"(%arg1, %[[LP]])
// CHECK: %[[S:.*]] = "onnx.ReduceSum"(%[[T]], %{{.*}}) {keepdims = 0 : si64} : (tensor<3x4x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
// CHECK: %[[N:.*]] = "onnx.Neg"(%[[S]])
// CHECK: "onnx.ReduceMean"(%[[N]], %{{.*}}) {axes = [0, 1], keepdims = 0 : si64} : (tensor<3x2xf32>, none) -> tensor<f32>
func.func @forward(%x: !torch.vtensor<[3,4,2],f32>, %y: !torch.vtensor<[3,4,2],f32>) -> !torch.vtensor<[],f32> {
  %int1 = torch.constant.int 1
  %ignore = torch.constant.int -100
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  %0 = torch.aten.cross_entropy_loss %x, %y, %none, %int1, %ignore, %float0 : !torch.vtensor<[3,4,2],f32>, !torch.vtensor<[3,4,2],f32>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// nll_loss_forward's total weight sums the weights of the targets that
// are not ignored.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[L:.*]] = "onnx.NegativeLogLikelihoodLoss"(%arg0, %arg1, %arg2) {ignore_index = 1 : si64, reduction = "sum"}
// CHECK: %[[IGNORED:.*]] = "onnx.Equal"(%arg1, %{{.*}})
// CHECK: %[[SAFE:.*]] = "onnx.Where"(%[[IGNORED]], %{{.*}}, %arg1)
// CHECK: %[[W:.*]] = "onnx.Gather"(%arg2, %[[SAFE]]) {axis = 0 : si64} : (tensor<4xf32>, tensor<3xi64>) -> tensor<3xf32>
// CHECK: %[[KEPT:.*]] = "onnx.Where"(%[[IGNORED]], %{{.*}}, %[[W]])
// CHECK: %[[TOTAL:.*]] = "onnx.ReduceSum"(%[[KEPT]], %{{.*}}) {keepdims = 0 : si64} : (tensor<3xf32>, tensor<1xi64>) -> tensor<f32>
// CHECK: return %[[L]], %[[TOTAL]]
func.func @forward(%x: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3],si64>, %w: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0:2 = torch.aten.nll_loss_forward %x, %y, %w, %int2, %int1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],si64>, !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// Pointwise losses, then the reduction: mse (none), l1 (sum), and the
// stable binary cross entropy on logits, (1 - t) * x + Softplus(-|x|) +
// Relu(-x).
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[D:.*]] = "onnx.Sub"(%arg0, %arg1)
// CHECK: %[[MSE:.*]] = "onnx.Mul"(%[[D]], %[[D]])
// CHECK: %[[D2:.*]] = "onnx.Sub"(%arg0, %arg1)
// CHECK: %[[ABS:.*]] = "onnx.Abs"(%[[D2]])
// CHECK: %[[L1:.*]] = "onnx.ReduceSum"(%[[ABS]], %{{.*}}) {keepdims = 0 : si64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<f32>
// CHECK: %[[A:.*]] = "onnx.Abs"(%arg0)
// CHECK: %[[NA:.*]] = "onnx.Neg"(%[[A]])
// CHECK: %[[SP:.*]] = "onnx.Softplus"(%[[NA]])
// CHECK: %[[NX:.*]] = "onnx.Neg"(%arg0)
// CHECK: %[[R:.*]] = "onnx.Relu"(%[[NX]])
// CHECK: %[[LS:.*]] = "onnx.Add"(%[[SP]], %[[R]])
// CHECK: %[[OMT:.*]] = "onnx.Sub"(%{{.*}}, %arg1)
// CHECK: %[[XT:.*]] = "onnx.Mul"(%[[OMT]], %arg0)
// CHECK: %[[BCE:.*]] = "onnx.Add"(%[[XT]], %[[LS]])
// CHECK: "onnx.ReduceMean"(%[[BCE]], %{{.*}}) {axes = [0, 1], keepdims = 0 : si64}
func.func @forward(%x: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.mse_loss %x, %y, %int0 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.l1_loss %x, %y, %int2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[],f32>
  %2 = torch.aten.binary_cross_entropy_with_logits %x, %y, %none, %none, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[],f32>
  return %0, %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}
