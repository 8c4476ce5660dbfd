// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Antialiased bilinear downsampling: a MatMul by the width weights from the
// right, then by the height weights from the left.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<6x3x10x20xf32>)
// CHECK: %[[WW:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[0.178571433, 0.000000e+00, {{.*}}> : tensor<20x5xf32>}
// CHECK: %[[ROWS:.*]] = "onnx.MatMul"(%[[X]], %[[WW]]) : (tensor<6x3x10x20xf32>, tensor<20x5xf32>) -> tensor<6x3x10x5xf32>
// CHECK: %[[WH:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[0.220338985, 0.322033912, {{.*}}> : tensor<3x10xf32>}
// CHECK: %[[Y:.*]] = "onnx.MatMul"(%[[WH]], %[[ROWS]]) : (tensor<3x10xf32>, tensor<6x3x10x5xf32>) -> tensor<6x3x3x5xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[6,3,10,20],f32>) -> !torch.vtensor<[6,3,3,5],f32> {
  %int3 = torch.constant.int 3
  %int5 = torch.constant.int 5
  %false = torch.constant.bool false
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int3, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::_upsample_bilinear2d_aa.vec"(%x, %size, %false, %none) : (!torch.vtensor<[6,3,10,20],f32>, !torch.list<int>, !torch.bool, !torch.none) -> !torch.vtensor<[6,3,3,5],f32>
  return %0 : !torch.vtensor<[6,3,3,5],f32>
}

// -----

// Scale factors set the weights' scale; the form with scales_h and scales_w.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x4x4xf32>)
// Width by 0.9: the weights' scale is 1 / 0.9, a triangle of half-width 1.
// CHECK: %[[WW:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[0.863636314, 0.000000e+00, 0.000000e+00], [0.13636367, 0.772727191, 0.000000e+00], [0.000000e+00, 0.227272823, 0.681818068], [0.000000e+00, 0.000000e+00, 0.318181932]]> : tensor<4x3xf32>}
// CHECK: %[[ROWS:.*]] = "onnx.MatMul"(%[[X]], %[[WW]])
// CHECK: %[[WH:.*]] = "onnx.Initializer"() {{.*}} : tensor<6x4xf32>}
// CHECK: %[[A:.*]] = "onnx.MatMul"(%[[WH]], %[[ROWS]]) : (tensor<6x4xf32>, tensor<1x1x4x3xf32>) -> tensor<1x1x6x3xf32>
// Aligned corners, halving: the scale is (4 - 1) / (2 - 1) = 3.
// CHECK: %[[WW2:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[2.500000e-01, 0.000000e+00], [0.37500003, 0.000000e+00], [2.500000e-01, 0.333333343], [1.250000e-01, 0.666666686]]> : tensor<4x2xf32>}
// CHECK: %[[ROWS2:.*]] = "onnx.MatMul"(%[[X]], %[[WW2]])
// CHECK: %[[WH2:.*]] = "onnx.Initializer"() {{.*}} : tensor<2x4xf32>}
// CHECK: %[[B:.*]] = "onnx.MatMul"(%[[WH2]], %[[ROWS2]])
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[1,1,4,4],f32>) -> (!torch.vtensor<[1,1,6,3],f32>, !torch.vtensor<[1,1,2,2],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %h = torch.constant.float 1.700000e+00
  %w = torch.constant.float 9.000000e-01
  %int2 = torch.constant.int 2
  %scales = torch.prim.ListConstruct %h, %w : (!torch.float, !torch.float) -> !torch.list<float>
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::_upsample_bilinear2d_aa.vec"(%x, %none, %false, %scales) : (!torch.vtensor<[1,1,4,4],f32>, !torch.none, !torch.bool, !torch.list<float>) -> !torch.vtensor<[1,1,6,3],f32>
  %1 = torch.operator "aten::_upsample_bilinear2d_aa"(%x, %size, %true, %none, %none) : (!torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.bool, !torch.none, !torch.none) -> !torch.vtensor<[1,1,2,2],f32>
  return %0, %1 : !torch.vtensor<[1,1,6,3],f32>, !torch.vtensor<[1,1,2,2],f32>
}
