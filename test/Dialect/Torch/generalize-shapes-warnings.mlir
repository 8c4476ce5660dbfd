// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -torch-generalize-shapes="dynamic-dims=0:0=batch,0:1=seq" | FileCheck %s

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
