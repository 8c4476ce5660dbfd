// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// cat: Concat of the list's tensors.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x5xf32>)
// CHECK: "onnx.Concat"(%[[A]], %[[B]]) {axis = 1 : si64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
func.func @forward(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,8],f32> {
  %int1 = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.cat %l, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,8],f32>
  return %0 : !torch.vtensor<[2,8],f32>
}

// -----

// stack: Unsqueeze each tensor, then Concat.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[UA:.*]] = "onnx.Unsqueeze"(%[[A]], %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
// CHECK: %[[UB:.*]] = "onnx.Unsqueeze"(%[[B]], %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
// CHECK: "onnx.Concat"(%[[UA]], %[[UB]]) {axis = 1 : si64} : (tensor<2x1x3xf32>, tensor<2x1x3xf32>) -> tensor<2x2x3xf32>
func.func @forward(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2,3],f32> {
  %int1 = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.stack %l, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,2,3],f32>
  return %0 : !torch.vtensor<[2,2,3],f32>
}

// -----

// chunk unpacked by prim.ListUnpack: one Split with the sizes as an input.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x7xf32>)
// CHECK: %[[SIZES:.*]] = "onnx.Initializer"() {{.*}}dense<[3, 3, 1]> : tensor<3xi64>
// CHECK: %[[S:.*]]:3 = "onnx.Split"(%[[X]], %[[SIZES]]) {axis = 1 : si64} : (tensor<2x7xf32>, tensor<3xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>)
// CHECK: return %[[S]]#0, %[[S]]#1, %[[S]]#2
func.func @forward(%x: !torch.vtensor<[2,7],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>) {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %l = torch.aten.chunk %x, %int3, %int1 : !torch.vtensor<[2,7],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %a, %b, %c = torch.prim.ListUnpack %l : !torch.list<vtensor> -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>
  return %a, %b, %c : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>
}

// -----

// unbind: Split into pieces of 1, each squeezed; __getitem__ picks one, and
// the unused piece's Squeeze goes away.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[S:.*]]:2 = "onnx.Split"(%[[X]], %{{.*}}) {axis = 0 : si64}
// CHECK-NOT: "onnx.Squeeze"(%[[S]]#0
// CHECK: %[[B:.*]] = "onnx.Squeeze"(%[[S]]#1, %{{.*}}) : (tensor<1x3xf32>, tensor<1xi64>) -> tensor<3xf32>
// CHECK: return %[[B]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %l = torch.aten.unbind.int %x, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.list<vtensor>
  %b = torch.aten.__getitem__.t %l, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[3],f32>
  return %b : !torch.vtensor<[3],f32>
}

// -----

// split_with_sizes.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SIZES:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 4]> : tensor<2xi64>
// CHECK: "onnx.Split"(%{{.*}}, %[[SIZES]]) {axis = 1 : si64} : (tensor<2x5xf32>, tensor<2xi64>) -> (tensor<2x1xf32>, tensor<2x4xf32>)
func.func @forward(%x: !torch.vtensor<[2,5],f32>) -> (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>) {
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %sizes = torch.prim.ListConstruct %int1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %l = torch.aten.split_with_sizes %x, %sizes, %int1 : !torch.vtensor<[2,5],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %a, %b = torch.prim.ListUnpack %l : !torch.list<vtensor> -> !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>
  return %a, %b : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>
}

// -----

// broadcast_tensors unpacked: each tensor expanded to the shape all of
// them broadcast to, here a constant.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[S:.*]] = "onnx.Initializer"() {{.*}}dense<[2, 3]> : tensor<2xi64>
// CHECK: %[[A:.*]] = "onnx.Expand"(%arg0, %[[S]]) : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: %[[B:.*]] = "onnx.Expand"(%arg1, %[[S]]) : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK: return %[[A]], %[[B]]
func.func @forward(%a: !torch.vtensor<[2,1],f32>, %b: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %list = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,1],f32>, !torch.vtensor<[3],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.broadcast_tensors %list : !torch.list<vtensor> -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  return %1#0, %1#1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// hstack joins 1-D tensors along dim 0 (a 0-d one as one element), others
// along dim 1; vstack makes a vector a row; column_stack makes it a column.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<f32>, %[[M:.*]]: tensor<2x3xf32>)
// CHECK: %[[S1:.*]] = "onnx.Reshape"(%[[S]], %{{.*}}) {{.*}} -> tensor<1xf32>
// CHECK: %[[H:.*]] = "onnx.Concat"(%[[A]], %[[S1]]) {axis = 0 : si64} : (tensor<3xf32>, tensor<1xf32>) -> tensor<4xf32>
// CHECK: %[[ROW:.*]] = "onnx.Unsqueeze"(%[[A]], %{{.*}}) : (tensor<3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
// CHECK: %[[V:.*]] = "onnx.Concat"(%[[M]], %[[ROW]]) {axis = 0 : si64} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK: %[[COL:.*]] = "onnx.Reshape"(%[[A]], %{{.*}}) {{.*}} -> tensor<3x1xf32>
// CHECK: %[[C:.*]] = "onnx.Concat"(%[[COL]], %{{.*}}) {axis = 1 : si64} : (tensor<3x1xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
// CHECK: return %[[H]], %[[V]], %[[C]]
func.func @forward(%a: !torch.vtensor<[3],f32>, %s: !torch.vtensor<[],f32>, %m: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[3,3],f32>, !torch.vtensor<[3,3],f32>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %h = torch.prim.ListConstruct %a, %s : (!torch.vtensor<[3],f32>, !torch.vtensor<[],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.hstack %h : !torch.list<vtensor> -> !torch.vtensor<[4],f32>
  %v = torch.prim.ListConstruct %m, %a : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.vstack %v : !torch.list<vtensor> -> !torch.vtensor<[3,3],f32>
  %mt = torch.aten.transpose.int %m, %int0, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  %c = torch.prim.ListConstruct %a, %mt : (!torch.vtensor<[3],f32>, !torch.vtensor<[3,2],f32>) -> !torch.list<vtensor>
  %2 = torch.aten.column_stack %c : !torch.list<vtensor> -> !torch.vtensor<[3,3],f32>
  return %0, %1, %2 : !torch.vtensor<[4],f32>, !torch.vtensor<[3,3],f32>, !torch.vtensor<[3,3],f32>
}
