// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// index_copy along dim 1, as a static KV cache writes one position: the
// index, reshaped to a column on that dim, and the source are broadcast to
// the source's shape and scattered.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[CACHE:.*]]: tensor<1x8x4xf32>, %[[SRC:.*]]: tensor<1x1x4xf32>, %[[POS:.*]]: tensor<1xi64>)
// CHECK: %[[COL:.*]] = "onnx.Reshape"(%[[POS]], %{{.*}}) {{.*}} -> tensor<1x1x1xi64>
// CHECK: %[[IDX:.*]] = "onnx.Expand"(%[[COL]], %{{.*}}) : {{.*}} -> tensor<1x1x4xi64>
// CHECK: "onnx.ScatterElements"(%[[CACHE]], %[[IDX]], %{{.*}}) {axis = 1 : si64} : (tensor<1x8x4xf32>, tensor<1x1x4xi64>, tensor<1x1x4xf32>) -> tensor<1x8x4xf32>
func.func @forward(%cache: !torch.vtensor<[1,8,4],f32>, %src: !torch.vtensor<[1,1,4],f32>, %pos: !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,8,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.index_copy %cache, %int1, %pos, %src : !torch.vtensor<[1,8,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.vtensor<[1,1,4],f32> -> !torch.vtensor<[1,8,4],f32>
  return %0 : !torch.vtensor<[1,8,4],f32>
}

// -----

// A 0-d index names one position.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>, %[[SRC:.*]]: tensor<3x1xf32>, %[[POS:.*]]: tensor<i64>)
// CHECK: "onnx.Reshape"(%[[POS]], %{{.*}}) {{.*}} -> tensor<1xi64>
// CHECK: "onnx.ScatterElements"(%[[X]], %{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<3x5xf32>, tensor<3x1xi64>, tensor<3x1xf32>) -> tensor<3x5xf32>
func.func @forward(%x: !torch.vtensor<[3,5],f32>, %src: !torch.vtensor<[3,1],f32>, %pos: !torch.vtensor<[],si64>) -> !torch.vtensor<[3,5],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.index_copy %x, %int-1, %pos, %src : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[],si64>, !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// `cache[:, pos] = values` is index_put with a leading None: the values are
// broadcast to the indexed shape (the cache's, with dim 1 as long as the
// index) and scattered along dim 1.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[CACHE:.*]]: tensor<2x8x4xf32>, %[[V:.*]]: tensor<4xf32>, %[[POS:.*]]: tensor<3xi64>)
// CHECK: %[[VALS:.*]] = "onnx.Expand"(%[[V]], %{{.*}}) : {{.*}} -> tensor<2x3x4xf32>
// CHECK: %[[IDX:.*]] = "onnx.Expand"(%{{.*}}, %{{.*}}) : {{.*}} -> tensor<2x3x4xi64>
// CHECK: "onnx.ScatterElements"(%[[CACHE]], %[[IDX]], %[[VALS]]) {axis = 1 : si64} : (tensor<2x8x4xf32>, tensor<2x3x4xi64>, tensor<2x3x4xf32>) -> tensor<2x8x4xf32>
func.func @forward(%cache: !torch.vtensor<[2,8,4],f32>, %v: !torch.vtensor<[4],f32>, %pos: !torch.vtensor<[3],si64>) -> !torch.vtensor<[2,8,4],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %idx = torch.prim.ListConstruct %none, %pos : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %cache, %idx, %v, %false : !torch.vtensor<[2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[4],f32>, !torch.bool -> !torch.vtensor<[2,8,4],f32>
  return %0 : !torch.vtensor<[2,8,4],f32>
}

// -----

// With accumulate, the scatter adds (opset 16 and later).
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ScatterElements"({{.*}}) {axis = 1 : si64, reduction = "add"}
func.func @forward(%x: !torch.vtensor<[2,8],f32>, %v: !torch.vtensor<[2,3],f32>, %pos: !torch.vtensor<[3],si64>) -> !torch.vtensor<[2,8],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %idx = torch.prim.ListConstruct %none, %pos : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %x, %idx, %v, %true : !torch.vtensor<[2,8],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[2,8],f32>
  return %0 : !torch.vtensor<[2,8],f32>
}

// -----

// A loop's trip count of INT64_MAX (a while loop's) stays exact: a constant
// int is not converted through a double, which would wrap it to INT64_MIN.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MAX:.*]] = "onnx.Initializer"() {{.*}}dense<9223372036854775807> : tensor<i64>
// CHECK: "onnx.Loop"(%[[MAX]],
func.func @forward(%x: !torch.vtensor<[4],f32>, %c: !torch.vtensor<[],i1>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %max = torch.constant.int 9223372036854775807
  %cond = torch.aten.Bool.Tensor %c : !torch.vtensor<[],i1> -> !torch.bool
  %0 = torch.prim.Loop %max, %cond, init(%x) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[4],f32>):
    %1 = torch.aten.add.Tensor %acc, %x, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
    %2 = torch.aten.Bool.Tensor %c : !torch.vtensor<[],i1> -> !torch.bool
    torch.prim.Loop.condition %2, iter(%1 : !torch.vtensor<[4],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// index_add adds alpha * source at the positions: ScatterElements with the
// add reduction (from opset 16) of the scaled source.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>, %[[SRC:.*]]: tensor<3x2xf32>, %[[POS:.*]]: tensor<2xi64>)
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[SRC]], %{{.*}})
// CHECK: %[[VALUES:.*]] = "onnx.Expand"(%[[SCALED]], %{{.*}})
// CHECK: "onnx.ScatterElements"(%[[X]], %{{.*}}, %[[VALUES]]) {axis = 1 : si64, reduction = "add"} : (tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x5xf32>
func.func @forward(%x: !torch.vtensor<[3,5],f32>, %src: !torch.vtensor<[3,2],f32>, %pos: !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %half = torch.constant.float 5.000000e-01
  %0 = torch.aten.index_add %x, %int1, %pos, %src, %half : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[3,2],f32>, !torch.float -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}
