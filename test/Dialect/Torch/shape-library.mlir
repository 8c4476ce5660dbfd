// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// Ops without a hand-written rule take their result shapes from LibTorch's
// shape functions (ShapeLibrary.mlir). A function with several results
// gives each its dims; the first takes the dtype of the first tensor
// operand.

// CHECK-LABEL: func.func @several_results
// CHECK: torch.aten.convolution_backward {{.*}} -> !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],{{.*}}>, !torch.vtensor<[4],{{.*}}>
func.func @several_results(%grad: !torch.vtensor<[2,4,6,6],f32>, %x: !torch.vtensor<[2,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %bias = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %grad, %x, %w, %bias, %ones, %zeros, %ones, %false, %zeros, %int1, %mask : !torch.vtensor<[2,4,6,6],f32>, !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  return %0#0 : !torch.vtensor
}

// -----

// Unknown dims keep their symbols through the function: the result of the
// backward convolution has the batch dim of `x`, so a view of it to
// [x.size(0), -1] knows the size of the -1.

// CHECK-LABEL: func.func @symbols
// CHECK: torch.aten.convolution_backward {{.*}} -> !torch.vtensor<[?,3,8,8],f32>
// CHECK: torch.aten.view {{.*}} -> !torch.vtensor<[?,192],f32>
func.func @symbols(%grad: !torch.vtensor<[?,4,6,6],f32>, %x: !torch.vtensor<[?,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %grad, %x, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int1, %mask : !torch.vtensor<[?,4,6,6],f32>, !torch.vtensor<[?,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %int-1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3,8,8],f32>, !torch.int -> !torch.int
  %shape = torch.prim.ListConstruct %n, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %0#0, %shape : !torch.vtensor, !torch.list<int> -> !torch.vtensor
  return %1 : !torch.vtensor
}

// -----

// A torch.operator of a registered name runs its function too. Arithmetic
// that would overflow gives an unknown size instead.

// CHECK-LABEL: func.func @overflow
// CHECK: torch.operator "aten::flatten.using_ints"{{.*}} -> !torch.vtensor<[?],f32>
// CHECK: torch.operator "aten::flatten.using_ints"{{.*}} -> !torch.vtensor<[24],f32>
func.func @overflow(%x: !torch.vtensor<[4611686018427387904,4],f32>, %y: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %0 = torch.operator "aten::flatten.using_ints"(%x, %int0, %int-1) : (!torch.vtensor<[4611686018427387904,4],f32>, !torch.int, !torch.int) -> !torch.vtensor
  %1 = torch.operator "aten::flatten.using_ints"(%y, %int0, %int-1) : (!torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int) -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}
