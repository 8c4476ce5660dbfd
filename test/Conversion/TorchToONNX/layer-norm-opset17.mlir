// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=17 -split-input-file | FileCheck %s

// From opset 17, layer_norm is one LayerNormalization.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x8xf32>)
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}} = "onnx.LayerNormalization"(%[[X]], %{{.*}}, %{{.*}}) {axis = 2 : si64, epsilon = 9.99999974E-6 : f32}
// CHECK-SAME: -> (tensor<2x5x8xf32>, none, none)
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,5,8],f32>) -> !torch.vtensor<[2,5,8],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %w, %b, %eps, %true : !torch.vtensor<[2,5,8],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,5,8],f32>
  return %0 : !torch.vtensor<[2,5,8],f32>
}

// -----

// Without weight, the scale is a constant of ones over the normalized dims.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[ONES:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<5x8xf32>
// CHECK: %[[NONE:.*]] = "onnx.NoValue"
// CHECK: "onnx.LayerNormalization"(%{{.*}}, %[[ONES]], %[[NONE]]) {axis = 1 : si64
func.func @forward(%x: !torch.vtensor<[2,5,8],f32>) -> !torch.vtensor<[2,5,8],f32> {
  %none = torch.constant.none
  %int5 = torch.constant.int 5
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int5, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %none, %none, %eps, %true : !torch.vtensor<[2,5,8],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[2,5,8],f32>
  return %0 : !torch.vtensor<[2,5,8],f32>
}
