// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// scaled_dot_product_attention with dropout_p: the attention weights where
// a uniform draw reaches p, scaled by 1 / (1 - p), before the product with
// the values.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%{{.*}}: tensor<4x3x8xf32>, %{{.*}}: tensor<4x6x8xf32>, %[[V:.*]]: tensor<4x6x8xf32>)
// CHECK: %[[P:.*]] = "onnx.Softmax"(%{{.*}}) {axis = 2 : si64} : (tensor<4x3x6xf32>) -> tensor<4x3x6xf32>
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[P]])
// CHECK: %[[RATIO:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[KEPT:.*]] = "onnx.GreaterOrEqual"(%[[U]], %[[RATIO]])
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[P]], %{{.*}})
// CHECK: %[[D:.*]] = "onnx.Where"(%[[KEPT]], %[[SCALED]], %{{.*}}) : (tensor<4x3x6xi1>, tensor<4x3x6xf32>, tensor<f32>) -> tensor<4x3x6xf32>
// CHECK: %[[Y:.*]] = "onnx.MatMul"(%[[D]], %[[V]])
// CHECK: return %[[Y]]
func.func @forward(%q: !torch.vtensor<[4,3,8],f32>, %k: !torch.vtensor<[4,6,8],f32>, %v: !torch.vtensor<[4,6,8],f32>) -> !torch.vtensor<[4,3,8],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %true, %none, %false : !torch.vtensor<[4,3,8],f32>, !torch.vtensor<[4,6,8],f32>, !torch.vtensor<[4,6,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[4,3,8],f32>
  return %0 : !torch.vtensor<[4,3,8],f32>
}
