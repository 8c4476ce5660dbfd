// RUN: torch-onnx-opt %s -split-input-file -torch-check-shapes | FileCheck %s

// Shapes that PyTorch accepts pass unchanged: batched and unbatched input
// to the functional forms, groups, transposed weights, "same" padding.

// CHECK-LABEL: func.func @convolutions
// CHECK: torch.aten.conv2d %{{.*}} -> !torch.vtensor<[1,8,32,32],f32>
// CHECK: torch.aten.conv2d %{{.*}} -> !torch.vtensor<[8,32,32],f32>
// CHECK: torch.aten.conv2d %{{.*}} -> !torch.vtensor<[2,4,8,8],f32>
// CHECK: torch.aten.conv_transpose2d.input %{{.*}} -> !torch.vtensor<[1,4,10,10],f32>
// CHECK: torch.aten._convolution %{{.*}} -> !torch.vtensor<[1,6,7,7],f32>
// CHECK: torch.aten._convolution_mode %{{.*}} -> !torch.vtensor<[?,6,9,9],f32>
func.func @convolutions(%x: !torch.vtensor<[1,3,32,32],f32>, %u: !torch.vtensor<[3,32,32],f32>, %w: !torch.vtensor<[8,3,3,3],f32>, %g: !torch.vtensor<[2,4,10,10],f32>, %gw: !torch.vtensor<[4,1,3,3],f32>, %t: !torch.vtensor<[1,8,5,5],f32>, %tw: !torch.vtensor<[8,4,3,3],f32>, %c: !torch.vtensor<[1,3,9,9],f32>, %cw: !torch.vtensor<[6,3,3,3],f32>, %d: !torch.vtensor<[?,3,9,9],f32>) -> (!torch.vtensor<[1,8,32,32],f32>, !torch.vtensor<[8,32,32],f32>, !torch.vtensor<[2,4,8,8],f32>, !torch.vtensor<[1,4,10,10],f32>, !torch.vtensor<[1,6,7,7],f32>, !torch.vtensor<[?,6,9,9],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %twos = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %ones, %ones, %ones, %int1 : !torch.vtensor<[1,3,32,32],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,32,32],f32>
  %1 = torch.aten.conv2d %u, %w, %none, %ones, %ones, %ones, %int1 : !torch.vtensor<[3,32,32],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[8,32,32],f32>
  %2 = torch.aten.conv2d %g, %gw, %none, %ones, %zeros, %ones, %int4 : !torch.vtensor<[2,4,10,10],f32>, !torch.vtensor<[4,1,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,8,8],f32>
  %3 = torch.aten.conv_transpose2d.input %t, %tw, %none, %twos, %ones, %ones, %int1, %ones : !torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[8,4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,4,10,10],f32>
  %4 = torch.aten._convolution %c, %cw, %none, %ones, %zeros, %ones, %false, %zeros, %int1, %false, %false, %false, %false : !torch.vtensor<[1,3,9,9],f32>, !torch.vtensor<[6,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.bool, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[1,6,7,7],f32>
  %same = torch.constant.str "same"
  %5 = torch.aten._convolution_mode %d, %cw, %none, %ones, %same, %ones, %int1 : !torch.vtensor<[?,3,9,9],f32>, !torch.vtensor<[6,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[?,6,9,9],f32>
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor<[1,8,32,32],f32>, !torch.vtensor<[8,32,32],f32>, !torch.vtensor<[2,4,8,8],f32>, !torch.vtensor<[1,4,10,10],f32>, !torch.vtensor<[1,6,7,7],f32>, !torch.vtensor<[?,6,9,9],f32>
}

// -----

// Matrix products: vectors, broadcast batch dims, unknown dims.

// CHECK-LABEL: func.func @products
// CHECK: torch.aten.linear %{{.*}} -> !torch.vtensor<[?,4],f32>
// CHECK: torch.aten.linear %{{.*}} -> !torch.vtensor<[?],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[2,5,3,6],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[3],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[?,3,?],f32>
// CHECK: torch.aten.mm %{{.*}} -> !torch.vtensor<[3,7],f32>
// CHECK: torch.aten.bmm %{{.*}} -> !torch.vtensor<[2,3,6],f16>
func.func @products(%x: !torch.vtensor<[?,16],f32>, %w: !torch.vtensor<[4,16],f32>, %b: !torch.vtensor<[4],f32>, %v16: !torch.vtensor<[16],f32>, %t: !torch.vtensor<[2,1,3,4],f32>, %s: !torch.vtensor<[5,4,6],f32>, %v4: !torch.vtensor<[4],f32>, %m: !torch.vtensor<[3,4],f32>, %q: !torch.vtensor<[?,3,?],f32>, %r: !torch.vtensor<[?,?,?],f32>, %m1: !torch.vtensor<[3,5],f32>, %m2: !torch.vtensor<[5,7],f32>, %b1: !torch.vtensor<[2,3,4],f16>, %b2: !torch.vtensor<[2,4,6],f16>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[2,5,3,6],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[?,3,?],f32>, !torch.vtensor<[3,7],f32>, !torch.vtensor<[2,3,6],f16>) {
  %none = torch.constant.none
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[?,16],f32>, !torch.vtensor<[4,16],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.linear %x, %v16, %none : !torch.vtensor<[?,16],f32>, !torch.vtensor<[16],f32>, !torch.none -> !torch.vtensor<[?],f32>
  %2 = torch.aten.matmul %t, %s : !torch.vtensor<[2,1,3,4],f32>, !torch.vtensor<[5,4,6],f32> -> !torch.vtensor<[2,5,3,6],f32>
  %3 = torch.aten.matmul %m, %v4 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[3],f32>
  %4 = torch.aten.matmul %q, %r : !torch.vtensor<[?,3,?],f32>, !torch.vtensor<[?,?,?],f32> -> !torch.vtensor<[?,3,?],f32>
  %5 = torch.aten.mm %m1, %m2 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5,7],f32> -> !torch.vtensor<[3,7],f32>
  %6 = torch.aten.bmm %b1, %b2 : !torch.vtensor<[2,3,4],f16>, !torch.vtensor<[2,4,6],f16> -> !torch.vtensor<[2,3,6],f16>
  return %0, %1, %2, %3, %4, %5, %6 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[2,5,3,6],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[?,3,?],f32>, !torch.vtensor<[3,7],f32>, !torch.vtensor<[2,3,6],f16>
}

// -----

// Normalization; batch norm takes an f16 input with f32 statistics.

// CHECK-LABEL: func.func @normalization
// CHECK: torch.aten.batch_norm %{{.*}} -> !torch.vtensor<[2,4,5],f16>
// CHECK: torch.aten.instance_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.group_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.layer_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.layer_norm %{{.*}} -> !torch.vtensor<[?,?],f32>
func.func @normalization(%h: !torch.vtensor<[2,4,5],f16>, %x: !torch.vtensor<[2,4,5],f32>, %y: !torch.vtensor<[?,?],f32>, %c: !torch.vtensor<[4],f32>, %n: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[2,4,5],f16>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[?,?],f32>) {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %0 = torch.aten.batch_norm %h, %c, %c, %c, %c, %false, %momentum, %eps, %true : !torch.vtensor<[2,4,5],f16>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f16>
  %1 = torch.aten.instance_norm %x, %c, %c, %none, %none, %true, %momentum, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %2 = torch.aten.group_norm %x, %int2, %c, %c, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %shape = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  %3 = torch.aten.layer_norm %x, %shape, %n, %n, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %4 = torch.aten.layer_norm %y, %shape, %n, %n, %eps, %true : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?],f32>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[2,4,5],f16>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[?,?],f32>
}

// -----

// Elementwise ops broadcast dims of size 1, and unknown dims may be
// anything; a Python scalar or a 0-d tensor meets any shape.

// CHECK-LABEL: func.func @broadcasting
// CHECK: torch.aten.add.Tensor %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK: torch.aten.mul.Tensor %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK: torch.aten.where.self %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK: torch.aten.sub.Tensor %{{.*}} -> !torch.vtensor<[2,3,4],f32>
func.func @broadcasting(%a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[3,1],f32>, %c: !torch.vtensor<[?,4],f32>, %cond: !torch.vtensor<[2,1,1],i1>, %s: !torch.vtensor<[],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,1],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %1 = torch.aten.mul.Tensor %0, %c : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %2 = torch.aten.where.self %cond, %1, %b : !torch.vtensor<[2,1,1],i1>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,1],f32> -> !torch.vtensor<[2,3,4],f32>
  %3 = torch.aten.sub.Tensor %2, %s, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>
}
