// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// slice_scatter in the middle: the head and the tail of the base around the
// update.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[U:.*]]: tensor<4x3xf32>)
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<4x1xf32>
// CHECK: %[[TAIL:.*]] = "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<4x2xf32>
// CHECK: "onnx.Concat"(%[[HEAD]], %[[U]], %[[TAIL]]) {axis = 1 : si64} : {{.*}} -> tensor<4x6xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %u: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,6],f32> {
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %0 = torch.aten.slice_scatter %x, %u, %int1, %int1, %int4, %int1 : !torch.vtensor<[4,6],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// Negative bounds on a dynamic dim stay negative: ONNX's Slice counts them
// from the end.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[M2:.*]] = "onnx.Initializer"() {{.*}}dense<-2> : tensor<1xi64>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%{{.*}}, %{{.*}}, %[[M2]], {{.*}}) : {{.*}} -> tensor<?x3xf32>
// CHECK: %[[M1:.*]] = "onnx.Initializer"() {{.*}}dense<-1> : tensor<1xi64>
// CHECK: %[[TAIL:.*]] = "onnx.Slice"(%{{.*}}, %[[M1]], {{.*}}) : {{.*}} -> tensor<?x3xf32>
// CHECK: "onnx.Concat"(%[[HEAD]], %{{.*}}, %[[TAIL]]) {axis = 0 : si64}
func.func @forward(%x: !torch.vtensor<[?,3],f32>, %u: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-2 = torch.constant.int -2
  %int-1 = torch.constant.int -1
  %0 = torch.aten.slice_scatter %x, %u, %int0, %int-2, %int-1, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[1,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// select_scatter of the last row: the update gains the dim back, and nothing
// follows it.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>, %[[U:.*]]: tensor<5xf32>)
// CHECK: %[[ROW:.*]] = "onnx.Unsqueeze"(%[[U]], {{.*}}) : {{.*}} -> tensor<1x5xf32>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<2x5xf32>
// CHECK: "onnx.Concat"(%[[HEAD]], %[[ROW]]) {axis = 0 : si64} : {{.*}} -> tensor<3x5xf32>
func.func @forward(%x: !torch.vtensor<[3,5],f32>, %u: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3,5],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select_scatter %x, %u, %int0, %int-1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// fill.Tensor: the value cast and expanded to the shape.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<i64>)
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[V]]) {to = 1 : si64} : (tensor<i64>) -> tensor<f32>
// CHECK: "onnx.Expand"(%[[C]], %{{.*}}) : (tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @forward(%x: !torch.vtensor<[2,3],f32>, %v: !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.fill.Tensor %x, %v : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],si64> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// fill.Scalar of a constant on a dynamic shape: ConstantOfShape of the
// input's shape.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[SH:.*]] = "onnx.Shape"(%[[X]])
// CHECK: "onnx.ConstantOfShape"(%[[SH]]) {value = dense<2.500000e+00> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<?x3xf32>
func.func @forward(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %v = torch.constant.float 2.500000e+00
  %0 = torch.aten.fill.Scalar %x, %v : !torch.vtensor<[?,3],f32>, !torch.float -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// slice_scatter with step 2: ScatterElements at rows 1, 3 and 5.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[ROWS:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[\[}}1], [3], [5]]> : tensor<3x1xi64>}
// CHECK: %[[INDEX:.*]] = "onnx.Expand"(%[[ROWS]], %{{.*}}) : (tensor<3x1xi64>, tensor<2xi64>) -> tensor<3x3xi64>
// CHECK: "onnx.ScatterElements"(%arg0, %[[INDEX]], %arg1) {axis = 0 : si64}
func.func @forward(%self: !torch.vtensor<[8,3],f32>, %src: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[8,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int7 = torch.constant.int 7
  %int2 = torch.constant.int 2
  %0 = torch.aten.slice_scatter %self, %src, %int0, %int1, %int7, %int2 : !torch.vtensor<[8,3],f32>, !torch.vtensor<[3,3],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[8,3],f32>
  return %0 : !torch.vtensor<[8,3],f32>
}

// -----

// masked_scatter: the k-th true element of the broadcast mask takes element
// k of the flattened source, gathered at the running count of the mask.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MASK:.*]] = "onnx.Expand"(%arg1, %{{.*}}) : (tensor<5xi1>, tensor<2xi64>) -> tensor<5x5xi1>
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[MASK]]
// CHECK: %[[COUNTS:.*]] = "onnx.CumSum"
// CHECK: %[[BEFORE:.*]] = "onnx.Sub"(%[[COUNTS]]
// CHECK: %[[POSITIONS:.*]] = "onnx.Max"(%[[BEFORE]]
// CHECK: %[[SOURCE:.*]] = "onnx.Reshape"(%arg2
// CHECK: %[[GATHERED:.*]] = "onnx.Gather"(%[[SOURCE]], %[[POSITIONS]]) {axis = 0 : si64} : (tensor<25xf32>, tensor<25xi64>) -> tensor<25xf32>
// CHECK: %[[VALUES:.*]] = "onnx.Reshape"(%[[GATHERED]]
// CHECK: "onnx.Where"(%[[MASK]], %[[VALUES]], %arg0)
func.func @forward(%self: !torch.vtensor<[5,5],f32>, %mask: !torch.vtensor<[5],i1>, %source: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[5,5],f32> {
  %0 = torch.aten.masked_scatter %self, %mask, %source : !torch.vtensor<[5,5],f32>, !torch.vtensor<[5],i1>, !torch.vtensor<[5,5],f32> -> !torch.vtensor<[5,5],f32>
  return %0 : !torch.vtensor<[5,5],f32>
}
