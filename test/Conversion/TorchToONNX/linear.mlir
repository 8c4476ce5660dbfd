// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// linear on a 2-D input: one Gemm with transB = 1, weights kept as named
// initializers.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {{.*}}name = "fc.weight"
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {{.*}}name = "fc.bias"
// CHECK: %[[Y:.*]] = "onnx.Gemm"(%[[X]], %[[W]], %[[B]]) {{.*}}transB = 1 : si64
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK-NOT: onnx.Transpose
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,3],f32> {
  %w = torch.vtensor.literal(dense_resource<fc.weight> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %b = torch.vtensor.literal(dense_resource<fc.bias> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[2,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

{-#
  dialect_resources: {
    builtin: {
      "fc.weight": "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      "fc.bias": "0x04000000000000000000000000000000"
    }
  }
#-}

// -----

// linear above rank 2 with static shapes: the input flattened to 2-D, one
// Gemm with transB = 1 on the weight as stored, and the result reshaped back.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x4xf32>)
// CHECK: %[[FLAT_SHAPE:.*]] = "onnx.Initializer"() {{.*}}value = dense<[10, 4]> : tensor<2xi64>}
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]], %[[FLAT_SHAPE]]) {{.*}}-> tensor<10x4xf32>
// CHECK: %[[GEMM:.*]] = "onnx.Gemm"(%[[FLAT]], %{{.*}}, %{{.*}}) {transB = 1 : si64} : (tensor<10x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<10x3xf32>
// CHECK-NOT: onnx.Transpose
// CHECK: %[[OUT_SHAPE:.*]] = "onnx.Initializer"() {{.*}}value = dense<[2, 5, 3]> : tensor<3xi64>}
// CHECK: %[[Y:.*]] = "onnx.Reshape"(%[[GEMM]], %[[OUT_SHAPE]]) {{.*}}-> tensor<2x5x3xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,5,4],f32>) -> !torch.vtensor<[2,5,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %b = torch.vtensor.literal(dense<0.5> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,5,3],f32>
  return %0 : !torch.vtensor<[2,5,3],f32>
}

// -----

// linear above rank 2 with a dynamic leading dim: Gemm (transB) on the input
// flattened to 2-D, reshaped back to the input's leading dims, read at run
// time, and the output features. The weight is used as stored: no
// Transpose, which folding would turn into a copy of it.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x5x4xf32>)
// CHECK-DAG: %[[W:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<3x4xf32>
// CHECK-DAG: %[[B:.*]] = "onnx.Initializer"() {{.*}}dense<5.000000e-01> : tensor<3xf32>
// CHECK-DAG: %[[FLAT_SHAPE:.*]] = "onnx.Initializer"() {{.*}}dense<[-1, 4]> : tensor<2xi64>
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]], %[[FLAT_SHAPE]]) : (tensor<?x5x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK: %[[MM:.*]] = "onnx.Gemm"(%[[FLAT]], %[[W]], %[[B]]) {transB = 1 : si64} : (tensor<?x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%[[X]])
// CHECK: %[[LEADING:.*]] = "onnx.Slice"(%[[SHAPE]], {{.*}}) : {{.*}} -> tensor<2xi64>
// CHECK: %[[OUT_SHAPE:.*]] = "onnx.Concat"(%[[LEADING]], %{{.*}}) {axis = 0 : si64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
// CHECK: %[[Y:.*]] = "onnx.Reshape"(%[[MM]], %[[OUT_SHAPE]]) : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<?x5x3xf32>
// CHECK-NOT: onnx.Transpose
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[?,5,4],f32>) -> !torch.vtensor<[?,5,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %b = torch.vtensor.literal(dense<0.5> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[?,5,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[?,5,3],f32>
  return %0 : !torch.vtensor<[?,5,3],f32>
}

// -----

// linear without bias.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[NONE:.*]] = "onnx.NoValue"
// CHECK: "onnx.Gemm"(%{{.*}}, %{{.*}}, %[[NONE]])
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
  %none = torch.constant.none
  %0 = torch.aten.linear %x, %w, %none : !torch.vtensor<[2,4],f32>, !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// addmm: Gemm with alpha and beta.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[C:.*]]: tensor<3xf32>, %[[A:.*]]: tensor<2x4xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK: "onnx.Gemm"(%[[A]], %[[B]], %[[C]]) {alpha = 2.000000e+00 : f32} : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @forward(%c: !torch.vtensor<[3],f32>, %a: !torch.vtensor<[2,4],f32>, %b: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.addmm %c, %a, %b, %int1, %int2 : !torch.vtensor<[3],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// matmul, bmm: MatMul.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[M:.*]] = "onnx.MatMul"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: "onnx.MatMul"(%[[M]], %{{.*}}) : (tensor<2x3x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x6xf32>
func.func @forward(%a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[2,4,5],f32>, %c: !torch.vtensor<[2,5,6],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
  %1 = torch.aten.bmm %0, %c : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,5,6],f32> -> !torch.vtensor<[2,3,6],f32>
  return %1 : !torch.vtensor<[2,3,6],f32>
}

// -----

// baddbmm: beta * self + alpha * (b1 @ b2).
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x5xf32>, %[[A:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<2x4x5xf32>)
// CHECK: %[[MM:.*]] = "onnx.MatMul"(%[[A]], %[[B]])
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[MM]], %{{.*}})
// CHECK: "onnx.Add"(%[[SCALED]], %[[S]])
func.func @forward(%s: !torch.vtensor<[2,3,5],f32>, %a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor<[2,3,5],f32> {
  %int1 = torch.constant.int 1
  %f = torch.constant.float 5.000000e-01
  %0 = torch.aten.baddbmm %s, %a, %b, %int1, %f : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.float -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// addbmm: the batched products summed over the batch, scaled by alpha,
// plus beta * self.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[PRODUCTS:.*]] = "onnx.MatMul"(%arg1, %arg2) : (tensor<4x5x6xf32>, tensor<4x6x10xf32>) -> tensor<4x5x10xf32>
// CHECK: %[[SUM:.*]] = "onnx.ReduceSum"(%[[PRODUCTS]], %{{.*}}) {keepdims = 0 : si64} : (tensor<4x5x10xf32>, tensor<1xi64>) -> tensor<5x10xf32>
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[SUM]]
// CHECK: %[[SELF:.*]] = "onnx.Mul"(%arg0
// CHECK: "onnx.Add"(%[[SCALED]], %[[SELF]])
func.func @forward(%self: !torch.vtensor<[5,10],f32>, %b1: !torch.vtensor<[4,5,6],f32>, %b2: !torch.vtensor<[4,6,10],f32>) -> !torch.vtensor<[5,10],f32> {
  %beta = torch.constant.float 6.000000e-01
  %alpha = torch.constant.float 2.000000e-01
  %0 = torch.aten.addbmm %self, %b1, %b2, %beta, %alpha : !torch.vtensor<[5,10],f32>, !torch.vtensor<[4,5,6],f32>, !torch.vtensor<[4,6,10],f32>, !torch.float, !torch.float -> !torch.vtensor<[5,10],f32>
  return %0 : !torch.vtensor<[5,10],f32>
}

// -----

// linalg_det: Det; matrices of size 0 have determinant 1.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[DET:.*]] = "onnx.Det"(%arg0) : (tensor<2x5x5xf32>) -> tensor<2xf32>
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<f32>}
// CHECK: return %[[DET]], %[[ONE]]
func.func @forward(%a: !torch.vtensor<[2,5,5],f32>, %e: !torch.vtensor<[0,0],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[],f32>) {
  %0 = torch.aten.linalg_det %a : !torch.vtensor<[2,5,5],f32> -> !torch.vtensor<[2],f32>
  %1 = torch.aten.linalg_det %e : !torch.vtensor<[0,0],f32> -> !torch.vtensor<[],f32>
  return %0, %1 : !torch.vtensor<[2],f32>, !torch.vtensor<[],f32>
}
