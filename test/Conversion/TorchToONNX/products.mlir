// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// addr: beta * self + alpha * the outer product, by broadcasting a column
// against a row.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[SELF:.*]]: tensor<5x10xf32>, %[[A:.*]]: tensor<5xf32>, %[[B:.*]]: tensor<10xf32>)
// CHECK: %[[COL:.*]] = "onnx.Unsqueeze"(%[[A]], %{{.*}}) : (tensor<5xf32>, tensor<1xi64>) -> tensor<5x1xf32>
// CHECK: %[[ROW:.*]] = "onnx.Unsqueeze"(%[[B]], %{{.*}}) : (tensor<10xf32>, tensor<1xi64>) -> tensor<1x10xf32>
// CHECK: %[[OUTER:.*]] = "onnx.Mul"(%[[COL]], %[[ROW]]) : (tensor<5x1xf32>, tensor<1x10xf32>) -> tensor<5x10xf32>
// CHECK: %[[ALPHA:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e-01> : tensor<f32>}
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[OUTER]], %[[ALPHA]])
// CHECK: %[[BETA:.*]] = "onnx.Initializer"() {name = "", value = dense<6.000000e-01> : tensor<f32>}
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[SELF]], %[[BETA]])
// CHECK: %[[Y:.*]] = "onnx.Add"(%[[SCALED]], %[[S]])
// CHECK: return %[[Y]]
func.func @forward(%self: !torch.vtensor<[5,10],f32>, %a: !torch.vtensor<[5],f32>, %b: !torch.vtensor<[10],f32>) -> !torch.vtensor<[5,10],f32> {
  %beta = torch.constant.float 6.000000e-01
  %alpha = torch.constant.float 2.000000e-01
  %0 = torch.operator "aten::addr"(%self, %a, %b, %beta, %alpha) : (!torch.vtensor<[5,10],f32>, !torch.vtensor<[5],f32>, !torch.vtensor<[10],f32>, !torch.float, !torch.float) -> !torch.vtensor<[5,10],f32>
  return %0 : !torch.vtensor<[5,10],f32>
}

// -----

// addr with beta 0 does not read self.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%{{.*}}: tensor<f32>, %[[A:.*]]: tensor<5xf32>, %[[B:.*]]: tensor<10xf32>)
// CHECK: %[[COL:.*]] = "onnx.Unsqueeze"(%[[A]]
// CHECK: %[[ROW:.*]] = "onnx.Unsqueeze"(%[[B]]
// CHECK: %[[OUTER:.*]] = "onnx.Mul"(%[[COL]], %[[ROW]])
// CHECK-NEXT: return %[[OUTER]]
func.func @forward(%self: !torch.vtensor<[],f32>, %a: !torch.vtensor<[5],f32>, %b: !torch.vtensor<[10],f32>) -> !torch.vtensor<[5,10],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.operator "aten::addr"(%self, %a, %b, %int0, %int1) : (!torch.vtensor<[],f32>, !torch.vtensor<[5],f32>, !torch.vtensor<[10],f32>, !torch.int, !torch.int) -> !torch.vtensor<[5,10],f32>
  return %0 : !torch.vtensor<[5,10],f32>
}

// -----

// bilinear: one Einsum over the leading dims, plus the bias.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X1:.*]]: tensor<8x3xf32>, %[[X2:.*]]: tensor<8x4xf32>, %[[W:.*]]: tensor<5x3x4xf32>, %[[BIAS:.*]]: tensor<5xf32>)
// CHECK: %[[P:.*]] = "onnx.Einsum"(%[[X1]], %[[W]], %[[X2]]) {equation = "...i,oij,...j->...o"} : (tensor<8x3xf32>, tensor<5x3x4xf32>, tensor<8x4xf32>) -> tensor<8x5xf32>
// CHECK: %[[Y:.*]] = "onnx.Add"(%[[P]], %[[BIAS]])
// CHECK: return %[[Y]]
func.func @forward(%x1: !torch.vtensor<[8,3],f32>, %x2: !torch.vtensor<[8,4],f32>, %w: !torch.vtensor<[5,3,4],f32>, %bias: !torch.vtensor<[5],f32>) -> !torch.vtensor<[8,5],f32> {
  %0 = torch.aten.bilinear %x1, %x2, %w, %bias : !torch.vtensor<[8,3],f32>, !torch.vtensor<[8,4],f32>, !torch.vtensor<[5,3,4],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[8,5],f32>
  return %0 : !torch.vtensor<[8,5],f32>
}

// -----

// logdet: Log of Det; an empty matrix has determinant 1.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5x5xf32>, %{{.*}}: tensor<0x0xf32>)
// CHECK: %[[DET:.*]] = "onnx.Det"(%[[X]]) : (tensor<5x5xf32>) -> tensor<f32>
// CHECK: %[[A:.*]] = "onnx.Log"(%[[DET]])
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<f32>}
// CHECK: %[[B:.*]] = "onnx.Log"(%[[ONE]])
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[5,5],f32>, %e: !torch.vtensor<[0,0],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %0 = torch.operator "aten::logdet"(%x) : (!torch.vtensor<[5,5],f32>) -> !torch.vtensor<[],f32>
  %1 = torch.operator "aten::logdet"(%e) : (!torch.vtensor<[0,0],f32>) -> !torch.vtensor<[],f32>
  return %0, %1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// outer: a column times a row, after promoting to the result type; bools
// multiply as And.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<3xi64>, %[[B:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<2xi1>, %[[Q:.*]]: tensor<3xi1>)
// CHECK: %[[AF:.*]] = "onnx.Cast"(%[[A]]) {to = 1 : si64}
// CHECK: %[[COL:.*]] = "onnx.Unsqueeze"(%[[AF]], %{{.*}}) : (tensor<3xf32>, tensor<1xi64>) -> tensor<3x1xf32>
// CHECK: %[[ROW:.*]] = "onnx.Unsqueeze"(%[[B]], %{{.*}}) : (tensor<4xf32>, tensor<1xi64>) -> tensor<1x4xf32>
// CHECK: %[[M:.*]] = "onnx.Mul"(%[[COL]], %[[ROW]]) : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[AND:.*]] = "onnx.And"(%{{.*}}, %{{.*}}) : (tensor<2x1xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
// CHECK: return %[[M]], %[[AND]]
func.func @forward(%a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[4],f32>, %p: !torch.vtensor<[2],i1>, %q: !torch.vtensor<[3],i1>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],i1>) {
  %0 = torch.aten.outer %a, %b : !torch.vtensor<[3],si64>, !torch.vtensor<[4],f32> -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.outer %p, %q : !torch.vtensor<[2],i1>, !torch.vtensor<[3],i1> -> !torch.vtensor<[2,3],i1>
  return %0, %1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],i1>
}
