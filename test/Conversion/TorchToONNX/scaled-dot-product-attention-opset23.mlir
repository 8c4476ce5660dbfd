// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=23 -split-input-file | FileCheck %s

// From opset 23, a rank-4 scaled_dot_product_attention is one ONNX
// Attention: its causal mask, default scale and grouped heads are PyTorch's.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<2x4x?x8xf32>, %[[K:[^:]*]]: tensor<2x2x?x8xf32>, %[[V:[^:]*]]: tensor<2x2x?x8xf32>)
// CHECK: %[[NONE:.*]] = "onnx.NoValue"
// CHECK: %[[Y:.*]], %{{.*}}, %{{.*}}, %{{.*}} = "onnx.Attention"(%[[Q]], %[[K]], %[[V]], %[[NONE]], %{{.*}}, %{{.*}}, %{{.*}}) {is_causal = 1 : si64} : (tensor<2x4x?x8xf32>, tensor<2x2x?x8xf32>, tensor<2x2x?x8xf32>, none, none, none, none) -> (tensor<2x4x?x8xf32>, none, none, none)
// CHECK-NOT: "onnx.Softmax"
// CHECK: return %[[Y]]
func.func @forward(%q: !torch.vtensor<[2,4,?,8],f32>, %k: !torch.vtensor<[2,2,?,8],f32>, %v: !torch.vtensor<[2,2,?,8],f32>) -> !torch.vtensor<[2,4,?,8],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %zero, %true, %none, %true : !torch.vtensor<[2,4,?,8],f32>, !torch.vtensor<[2,2,?,8],f32>, !torch.vtensor<[2,2,?,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,4,?,8],f32>
  return %0 : !torch.vtensor<[2,4,?,8],f32>
}

// -----

// A boolean mask (true takes part, as in ONNX) goes in as it is, and a given
// scale becomes the attribute.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: %[[M:[^:]*]]: tensor<1x1x3x5xi1>
// CHECK: "onnx.Attention"(%{{.*}}, %{{.*}}, %{{.*}}, %[[M]], %{{.*}}, %{{.*}}, %{{.*}}) {is_causal = 0 : si64, scale = 2.500000e-01 : f32}
func.func @forward(%q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,4],f32>, %m: !torch.vtensor<[1,1,3,5],i1>) -> !torch.vtensor<[1,2,3,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %scale = torch.constant.float 2.500000e-01
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %zero, %false, %scale, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,1,3,5],i1>, !torch.float, !torch.bool, !torch.float, !torch.bool -> !torch.vtensor<[1,2,3,4],f32>
  return %0 : !torch.vtensor<[1,2,3,4],f32>
}

// -----

// An additive mask of another float type is cast to the query's.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: %[[M:[^:]*]]: tensor<3x5xf16>
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[M]]) {to = 1 : si64} : (tensor<3x5xf16>) -> tensor<3x5xf32>
// CHECK: "onnx.Attention"(%{{.*}}, %{{.*}}, %{{.*}}, %[[C]],
func.func @forward(%q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,4],f32>, %m: !torch.vtensor<[3,5],f16>) -> !torch.vtensor<[1,2,3,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m, %zero, %false, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[3,5],f16>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,3,4],f32>
  return %0 : !torch.vtensor<[1,2,3,4],f32>
}

// -----

// Attention takes ranks 3 and 4 only, in its own layout for rank 3: other
// ranks keep the decomposition.

// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: "onnx.Attention"
// CHECK: "onnx.Softmax"
func.func @forward(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,3,4],f32>, %v: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %zero, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}
