// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -torch-generalize-shapes="dynamic-dim=0:0=batch,0:1=seq" | FileCheck %s

// Sizes fixed by tracing that cannot be traced back to a dim are reported.

// A reshape that splits the batch dim: no entry stands for it.
// CHECK-LABEL: func.func @forward
// CHECK: torch.aten.view %arg0, %{{.*}} : !torch.vtensor<[?,?],f32>, !torch.list<int> -> !torch.vtensor<[3,4,4,3],f32>
func.func @forward(%x: !torch.vtensor<[12,12],f32>) -> !torch.vtensor<[3,4,4,3],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int3, %int4, %int4, %int3 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-warning @+1 {{'torch.aten.view' reshapes to sizes fixed when the model was traced; the model will be wrong when 'batch' is not 12}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[12,12],f32>, !torch.list<int> -> !torch.vtensor<[3,4,4,3],f32>
  return %0 : !torch.vtensor<[3,4,4,3],f32>
}

// -----

// A split along a dynamic dim has a fixed number of pieces.
// CHECK-LABEL: func.func @forward
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.list<vtensor> {
  // expected-warning @+1 {{'torch.aten.split.Tensor' splits 'seq' into pieces fixed when the model was traced with size 6; the model will be wrong at other sizes}}
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %0 = torch.aten.split.Tensor %x, %int2, %int1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  return %0 : !torch.list<vtensor>
}

// -----

// A size equal to the traced size of two dims could follow either.
// CHECK-LABEL: func.func @forward
// CHECK: torch.aten.ones %{{.*}} -> !torch.vtensor<[5],f32>
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[5],f32> {
  %none = torch.constant.none
  // expected-warning @+1 {{'torch.aten.ones' has size 5, the traced size of several dynamic dims; the model will be wrong if this size should follow one of them}}
  %int5 = torch.constant.int 5
  %l = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.ones %l, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// A narrow of the batch dim that does not start at 0 keeps its traced
// length.
// CHECK-LABEL: func.func @forward
// CHECK: torch.aten.narrow %arg0, %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,?],f32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[3,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-warning @+1 {{'torch.aten.narrow' of 'batch' has a length fixed when the model was traced with size 4; the model will be wrong if it should follow the size}}
  %int3 = torch.constant.int 3
  %0 = torch.aten.narrow %x, %int0, %int1, %int3 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,6],f32>
  return %0 : !torch.vtensor<[3,6],f32>
}

// -----

// A slice that starts at the traced size of its dim.
// CHECK-LABEL: func.func @forward
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,0],f32> {
  %int1 = torch.constant.int 1
  // expected-warning @+1 {{'torch.aten.slice.Tensor' of 'seq' starts at 6, its traced size; the model will be wrong if the start should follow the size}}
  %int6 = torch.constant.int 6
  %int9 = torch.constant.int 9
  %0 = torch.aten.slice.Tensor %x, %int1, %int6, %int9, %int1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,0],f32>
  return %0 : !torch.vtensor<[4,0],f32>
}

// -----

// expand to a new leading dim of the traced size of a dynamic dim; the
// entries for the input's own dims follow them.
// CHECK-LABEL: func.func @forward
// CHECK-DAG: %[[D0:.*]] = torch.aten.size.int %arg0, %{{.*}} : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
// CHECK-DAG: %[[D1:.*]] = torch.aten.size.int %arg0, %{{.*}} : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
// CHECK: %[[L:.*]] = torch.prim.ListConstruct %{{.*}}, %[[D0]], %[[D1]]
// CHECK: torch.aten.expand %arg0, %[[L]], %{{.*}} -> !torch.vtensor<[6,?,?],f32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[6,4,6],f32> {
  %false = torch.constant.bool false
  // expected-warning @+1 {{'torch.aten.expand' expands to size 6, the traced size of a dynamic dim; the model will be wrong if this size should follow that dim}}
  %new = torch.constant.int 6
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %l = torch.prim.ListConstruct %new, %int4, %int6 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[4,6],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[6,4,6],f32>
  return %0 : !torch.vtensor<[6,4,6],f32>
}

// -----

// An arange to the traced size of two dims could follow either.
// CHECK-LABEL: func.func @forward
// CHECK: torch.aten.arange %{{.*}} -> !torch.vtensor<[5],si64>
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[5],si64> {
  %none = torch.constant.none
  // expected-warning @+1 {{'torch.aten.arange' ends at 5, the traced size of several dynamic dims; the model will be wrong if it should follow one of them}}
  %int5 = torch.constant.int 5
  %0 = torch.aten.arange %int5, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}
