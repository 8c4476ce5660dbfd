// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// A causal attention with static sizes: the query is scaled by 1/sqrt(4)
// after the product, and a constant mask leaves out the later keys.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<2x2x3x4xf32>, %[[K:[^:]*]]: tensor<2x2x3x4xf32>, %[[V:[^:]*]]: tensor<2x2x3x4xf32>)
// CHECK: %[[SCALE:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[KT:.*]] = "onnx.Transpose"(%[[K]]) {perm = [0, 1, 3, 2]} : (tensor<2x2x3x4xf32>) -> tensor<2x2x4x3xf32>
// CHECK: %[[S0:.*]] = "onnx.MatMul"(%[[Q]], %[[KT]]) : (tensor<2x2x3x4xf32>, tensor<2x2x4x3xf32>) -> tensor<2x2x3x3xf32>
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[S0]], %[[SCALE]])
// CHECK: %[[INF:.*]] = "onnx.Initializer"() {name = "", value = dense<0xFF800000> : tensor<f32>}
// CHECK: %[[CAUSAL:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[}}[false, true, true], [false, false, true], [false, false, false]]> : tensor<3x3xi1>}
// CHECK: %[[MASKED:.*]] = "onnx.Where"(%[[CAUSAL]], %[[INF]], %[[S]]) : (tensor<3x3xi1>, tensor<f32>, tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[MASKED]]) {axis = 3 : si64}
// CHECK: %[[O:.*]] = "onnx.MatMul"(%[[P]], %[[V]]) : (tensor<2x2x3x3xf32>, tensor<2x2x3x4xf32>) -> tensor<2x2x3x4xf32>
// CHECK: return %[[O]]

func.func @forward(%q: !torch.vtensor<[2,2,3,4],f32>, %k: !torch.vtensor<[2,2,3,4],f32>, %v: !torch.vtensor<[2,2,3,4],f32>) -> !torch.vtensor<[2,2,3,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %zero, %true, %none, %false : !torch.vtensor<[2,2,3,4],f32>, !torch.vtensor<[2,2,3,4],f32>, !torch.vtensor<[2,2,3,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,2,3,4],f32>
  return %0 : !torch.vtensor<[2,2,3,4],f32>
}

// -----

// A causal attention over a dynamic sequence: the mask is built at run time
// from the query's and the key's lengths.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<1x2x?x4xf32>, %[[K:[^:]*]]: tensor<1x2x?x4xf32>
// CHECK: %[[S:.*]] = "onnx.Mul"
// CHECK: %[[QSHAPE:.*]] = "onnx.Shape"(%[[Q]])
// CHECK: %[[L:.*]] = "onnx.Gather"(%[[QSHAPE]], %{{.*}}) {axis = 0 : si64}
// CHECK: %[[ROWS:.*]] = "onnx.Range"(%{{.*}}, %[[L]], %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
// CHECK: %[[ROWS2:.*]] = "onnx.Unsqueeze"(%[[ROWS]], %{{.*}}) : (tensor<?xi64>, tensor<1xi64>) -> tensor<?x1xi64>
// CHECK: %[[KSHAPE:.*]] = "onnx.Shape"(%[[K]])
// CHECK: %[[S_LEN:.*]] = "onnx.Gather"(%[[KSHAPE]], %{{.*}}) {axis = 0 : si64}
// CHECK: %[[COLS:.*]] = "onnx.Range"(%{{.*}}, %[[S_LEN]], %{{.*}})
// CHECK: %[[COLS2:.*]] = "onnx.Unsqueeze"(%[[COLS]], %{{.*}}) : (tensor<?xi64>, tensor<1xi64>) -> tensor<1x?xi64>
// CHECK: %[[LATER:.*]] = "onnx.Greater"(%[[COLS2]], %[[ROWS2]]) : (tensor<1x?xi64>, tensor<?x1xi64>) -> tensor<?x?xi1>
// CHECK: "onnx.Where"(%[[LATER]], %{{.*}}, %[[S]]) : (tensor<?x?xi1>, tensor<f32>, tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32>

func.func @forward(%q: !torch.vtensor<[1,2,?,4],f32>, %k: !torch.vtensor<[1,2,?,4],f32>, %v: !torch.vtensor<[1,2,?,4],f32>) -> !torch.vtensor<[1,2,?,4],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %zero, %true, %none, %false : !torch.vtensor<[1,2,?,4],f32>, !torch.vtensor<[1,2,?,4],f32>, !torch.vtensor<[1,2,?,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,?,4],f32>
  return %0 : !torch.vtensor<[1,2,?,4],f32>
}

// -----

// Grouped-query attention (4 query heads, 2 key/value heads) with a given
// scale and a boolean mask, true where a position takes part: each key and
// value head is repeated twice, and the mask is negated for Where.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: %[[K:[^:]*]]: tensor<1x2x5x8xf32>, %[[V:[^:]*]]: tensor<1x2x5x8xf32>, %[[MASK:[^:]*]]: tensor<3x5xi1>
// CHECK: %[[K5:.*]] = "onnx.Unsqueeze"(%[[K]], %{{.*}}) : (tensor<1x2x5x8xf32>, tensor<1xi64>) -> tensor<1x2x1x5x8xf32>
// CHECK: %[[REPEATS:.*]] = "onnx.Initializer"() {name = "", value = dense<[1, 1, 2, 1, 1]> : tensor<5xi64>}
// CHECK: %[[KX:.*]] = "onnx.Expand"(%[[K5]], %[[REPEATS]]) : (tensor<1x2x1x5x8xf32>, tensor<5xi64>) -> tensor<1x2x2x5x8xf32>
// CHECK: %[[MERGE:.*]] = "onnx.Initializer"() {name = "", value = dense<[0, 4, -1, 8]> : tensor<4xi64>}
// CHECK: %[[K4:.*]] = "onnx.Reshape"(%[[KX]], %[[MERGE]]) : (tensor<1x2x2x5x8xf32>, tensor<4xi64>) -> tensor<1x4x5x8xf32>
// CHECK: %[[V4:.*]] = "onnx.Reshape"({{.*}}) -> tensor<1x4x5x8xf32>
// CHECK: %[[SCALE:.*]] = "onnx.Initializer"() {name = "", value = dense<2.500000e-01> : tensor<f32>}
// CHECK: "onnx.Transpose"(%[[K4]]) {perm = [0, 1, 3, 2]}
// CHECK: %[[S:.*]] = "onnx.Mul"(%{{.*}}, %[[SCALE]])
// CHECK: %[[OUT:.*]] = "onnx.Not"(%[[MASK]]) : (tensor<3x5xi1>) -> tensor<3x5xi1>
// CHECK: %[[MASKED:.*]] = "onnx.Where"(%[[OUT]], %{{.*}}, %[[S]])
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[MASKED]])
// CHECK: "onnx.MatMul"(%[[P]], %[[V4]]) : (tensor<1x4x3x5xf32>, tensor<1x4x5x8xf32>) -> tensor<1x4x3x8xf32>

func.func @forward(%q: !torch.vtensor<[1,4,3,8],f32>, %k: !torch.vtensor<[1,2,5,8],f32>, %v: !torch.vtensor<[1,2,5,8],f32>, %mask: !torch.vtensor<[3,5],i1>) -> !torch.vtensor<[1,4,3,8],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %scale = torch.constant.float 2.500000e-01
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %mask, %zero, %false, %scale, %true : !torch.vtensor<[1,4,3,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.vtensor<[1,2,5,8],f32>, !torch.vtensor<[3,5],i1>, !torch.float, !torch.bool, !torch.float, !torch.bool -> !torch.vtensor<[1,4,3,8],f32>
  return %0 : !torch.vtensor<[1,4,3,8],f32>
}

// -----

// A float mask is added to the scores; the value's last dim (6) may differ
// from the query's (4).

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: %[[MASK:[^:]*]]: tensor<2x3x5xf32>
// CHECK: %[[S:.*]] = "onnx.Mul"
// CHECK: %[[BIASED:.*]] = "onnx.Add"(%[[S]], %[[MASK]]) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK: %[[P:.*]] = "onnx.Softmax"(%[[BIASED]]) {axis = 2 : si64}
// CHECK: "onnx.MatMul"(%[[P]], %{{.*}}) : (tensor<2x3x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x6xf32>

func.func @forward(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,6],f32>, %mask: !torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %mask, %zero, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,6],f32>, !torch.vtensor<[2,3,5],f32>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}
