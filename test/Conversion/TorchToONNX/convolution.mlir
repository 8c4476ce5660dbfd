// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Grouped, strided, dilated, padded conv2d.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Conv"
// CHECK-SAME: dilations = [2, 2]
// CHECK-SAME: group = 2 : si64
// CHECK-SAME: kernel_shape = [3, 3]
// CHECK-SAME: pads = [2, 2, 2, 2]
// CHECK-SAME: strides = [2, 2]
// CHECK-SAME: (tensor<1x4x9x9xf32>, tensor<6x2x3x3xf32>, none) -> tensor<1x6x5x5xf32>
func.func @forward(%x: !torch.vtensor<[1,4,9,9],f32>) -> !torch.vtensor<[1,6,5,5],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<6x2x3x3xf32>) : !torch.vtensor<[6,2,3,3],f32>
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %s, %p, %d, %int2 : !torch.vtensor<[1,4,9,9],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,6,5,5],f32>
  return %0 : !torch.vtensor<[1,6,5,5],f32>
}

// -----

// Depthwise conv1d with "same" padding.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Conv"
// CHECK-SAME: group = 3 : si64
// CHECK-SAME: kernel_shape = [4]
// CHECK-SAME: pads = [1, 2]
// CHECK-SAME: -> tensor<1x3x10xf32>
func.func @forward(%x: !torch.vtensor<[1,3,10],f32>) -> !torch.vtensor<[1,3,10],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x1x4xf32>) : !torch.vtensor<[3,1,4],f32>
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %same = torch.constant.str "same"
  %s = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.conv1d.padding %x, %w, %none, %s, %same, %d, %int3 : !torch.vtensor<[1,3,10],f32>, !torch.vtensor<[3,1,4],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,3,10],f32>
  return %0 : !torch.vtensor<[1,3,10],f32>
}

// -----

// _convolution_mode, what a conv with string padding traces to: "same" with
// a dilated even kernel pads more after than before.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Conv"
// CHECK-SAME: dilations = [1, 2]
// CHECK-SAME: kernel_shape = [3, 4]
// CHECK-SAME: pads = [1, 3, 1, 3]
// CHECK-SAME: -> tensor<1x3x8x8xf32>
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,8,8],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x3x3x4xf32>) : !torch.vtensor<[3,3,3,4],f32>
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %same = torch.constant.str "same"
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._convolution_mode %x, %w, %none, %s, %same, %d, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[3,3,3,4],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,3,8,8],f32>
  return %0 : !torch.vtensor<[1,3,8,8],f32>
}

// -----

// _convolution transposed: ConvTranspose with output_padding.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ConvTranspose"
// CHECK-SAME: output_padding = [1, 1]
// CHECK-SAME: pads = [1, 1, 1, 1]
// CHECK-SAME: strides = [2, 2]
// CHECK-SAME: (tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x10x10xf32>
func.func @forward(%x: !torch.vtensor<[1,4,5,5],f32>) -> !torch.vtensor<[1,2,10,10],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<4x2x3x3xf32>) : !torch.vtensor<[4,2,3,3],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._convolution %x, %w, %b, %s, %p, %d, %true, %op, %int1, %false, %false, %true, %true : !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.vtensor<[2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.bool, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[1,2,10,10],f32>
  return %0 : !torch.vtensor<[1,2,10,10],f32>
}

// -----

// conv3d with a dynamic batch.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: tensor<?x2x4x4x4xf32>
// CHECK: "onnx.Conv"
// CHECK-SAME: kernel_shape = [2, 2, 2]
// CHECK-SAME: -> tensor<?x3x3x3x3xf32>
func.func @forward(%x: !torch.vtensor<[?,2,4,4,4],f32>) -> !torch.vtensor<[?,3,3,3,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x2x2x2x2xf32>) : !torch.vtensor<[3,2,2,2,2],f32>
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv3d %x, %w, %none, %s, %p, %s, %int1 : !torch.vtensor<[?,2,4,4,4],f32>, !torch.vtensor<[3,2,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,3,3,3,3],f32>
  return %0 : !torch.vtensor<[?,3,3,3,3],f32>
}
