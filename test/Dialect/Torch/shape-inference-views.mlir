// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @view_reshape
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[4,2,3],f32>
// CHECK: torch.aten.reshape %{{.*}} -> !torch.vtensor<[24],f32>
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,12],f32>
func.func @view_reshape(%x: !torch.vtensor<[4,6],f32>, %y: !torch.vtensor<[?,3,4],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int-1 = torch.constant.int -1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int12 = torch.constant.int 12
  %l0 = torch.prim.ListConstruct %int-1, %int2, %int3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l0 : !torch.vtensor<[4,6],f32>, !torch.list<int> -> !torch.vtensor
  %l1 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.reshape %0, %l1 : !torch.vtensor, !torch.list<int> -> !torch.vtensor
  // The -1 stands for the unknown dim.
  %l2 = torch.prim.ListConstruct %int-1, %int12 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.view %y, %l2 : !torch.vtensor<[?,3,4],f32>, !torch.list<int> -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Sizes read from a tensor keep their link to its dims, so -1 resolves.

// CHECK-LABEL: func.func @view_of_size
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,48],f32>
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,4,12],f32>
func.func @view_of_size(%x: !torch.vtensor<[?,3,4,4],f32>) -> (!torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3,4,4],f32>, !torch.int -> !torch.int
  %l = torch.prim.ListConstruct %n, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,3,4,4],f32>, !torch.list<int> -> !torch.vtensor
  %int4 = torch.constant.int 4
  %l1 = torch.prim.ListConstruct %n, %int4, %int-1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %0, %l1 : !torch.vtensor, !torch.list<int> -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @flatten_unflatten
// CHECK: torch.aten.flatten.using_ints %{{.*}} -> !torch.vtensor<[2,60],f32>
// CHECK: torch.aten.flatten.using_ints %{{.*}} -> !torch.vtensor<[?,5],f32>
// CHECK: torch.aten.unflatten.int %{{.*}} -> !torch.vtensor<[2,6,10],f32>
func.func @flatten_unflatten(%x: !torch.vtensor<[2,3,4,5],f32>, %y: !torch.vtensor<[?,1,5],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %0 = torch.aten.flatten.using_ints %x, %int1, %int-1 : !torch.vtensor<[2,3,4,5],f32>, !torch.int, !torch.int -> !torch.vtensor
  %1 = torch.aten.flatten.using_ints %y, %int0, %int1 : !torch.vtensor<[?,1,5],f32>, !torch.int, !torch.int -> !torch.vtensor
  %int6 = torch.constant.int 6
  %l = torch.prim.ListConstruct %int6, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.unflatten.int %0, %int1, %l : !torch.vtensor, !torch.int, !torch.list<int> -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @permutations
// CHECK: torch.aten.permute %{{.*}} -> !torch.vtensor<[4,2,3],f32>
// CHECK: torch.aten.transpose.int %{{.*}} -> !torch.vtensor<[2,4,3],f32>
// CHECK: torch.aten.t %{{.*}} -> !torch.vtensor<[7,?],si64>
// CHECK: torch.aten.contiguous %{{.*}} -> !torch.vtensor<[2,4,3],f32>
// CHECK: torch.aten.movedim.int %{{.*}} -> !torch.vtensor<[3,2,4],f32>
func.func @permutations(%x: !torch.vtensor<[2,3,4],f32>, %m: !torch.vtensor<[?,7],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %p = torch.prim.ListConstruct %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.permute %x, %p : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor
  %1 = torch.aten.transpose.int %x, %int1, %int-1 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  %2 = torch.aten.t %m : !torch.vtensor<[?,7],si64> -> !torch.vtensor
  %3 = torch.aten.contiguous %1, %int0 : !torch.vtensor, !torch.int -> !torch.vtensor
  %4 = torch.aten.movedim.int %x, %int1, %int0 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3, %4 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// squeeze of a dim that may be 1 at run time has an unknown rank.

// CHECK-LABEL: func.func @squeeze_unsqueeze
// CHECK: torch.aten.squeeze %{{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK: torch.aten.squeeze.dim %{{.*}} -> !torch.vtensor<[3,1,4],f32>
// CHECK: torch.aten.squeeze %{{.*}} -> !torch.vtensor<*,f32>
// CHECK: torch.aten.unsqueeze %{{.*}} -> !torch.vtensor<[1,3,1,4,1],f32>
// CHECK: torch.aten.unsqueeze %{{.*}} -> !torch.vtensor<[?,1,2],f32>
func.func @squeeze_unsqueeze(%x: !torch.vtensor<[1,3,1,4],f32>, %y: !torch.vtensor<[?,2],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.squeeze %x : !torch.vtensor<[1,3,1,4],f32> -> !torch.vtensor
  %1 = torch.aten.squeeze.dim %x, %int0 : !torch.vtensor<[1,3,1,4],f32>, !torch.int -> !torch.vtensor
  %2 = torch.aten.squeeze %y : !torch.vtensor<[?,2],f32> -> !torch.vtensor
  %3 = torch.aten.unsqueeze %x, %int-1 : !torch.vtensor<[1,3,1,4],f32>, !torch.int -> !torch.vtensor
  %4 = torch.aten.unsqueeze %y, %int1 : !torch.vtensor<[?,2],f32>, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3, %4 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @expand_repeat
// CHECK: torch.aten.expand %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK: torch.aten.expand %{{.*}} -> !torch.vtensor<[?,4],f32>
// CHECK: torch.aten.repeat %{{.*}} -> !torch.vtensor<[2,6,2],f32>
// CHECK: torch.aten.expand_as %{{.*}} -> !torch.vtensor<[2,3,4],f32>
func.func @expand_repeat(%x: !torch.vtensor<[3,1],f32>, %y: !torch.vtensor<[?,1],f32>, %z: !torch.vtensor<[2,3,4],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %l = torch.prim.ListConstruct %int2, %int-1, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[3,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %l1 = torch.prim.ListConstruct %int-1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.expand %y, %l1, %false : !torch.vtensor<[?,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %r = torch.prim.ListConstruct %int2, %int2, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.repeat %x, %r : !torch.vtensor<[3,1],f32>, !torch.list<int> -> !torch.vtensor
  %3 = torch.aten.expand_as %x, %z : !torch.vtensor<[3,1],f32>, !torch.vtensor<[2,3,4],si64> -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @cat_stack
// CHECK: torch.prim.ListConstruct %{{.*}} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5],f32>) -> !torch.list<vtensor>
// CHECK: torch.aten.cat %{{.*}} -> !torch.vtensor<[2,8],f32>
// CHECK: torch.aten.cat %{{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK: torch.aten.stack %{{.*}} -> !torch.vtensor<[2,2,3],f32>
func.func @cat_stack(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,5],f32>, %c: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.cat %l, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  %l1 = torch.prim.ListConstruct %a, %c : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[?,3],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.cat %l1, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  %l2 = torch.prim.ListConstruct %a, %a : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %2 = torch.aten.stack %l2, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// hstack, vstack and column_stack reshape each tensor as PyTorch does
// before joining: a matrix then vectors vstack into rows (this was [?]
// from the last vector's rank), a vector and a scalar hstack along dim 0,
// and vectors become columns.

// CHECK-LABEL: func.func @hstack_vstack
// CHECK: torch.aten.vstack %{{.*}} -> !torch.vtensor<[4,4],f32>
// CHECK: torch.aten.hstack %{{.*}} -> !torch.vtensor<[5],f32>
// CHECK: torch.aten.hstack %{{.*}} -> !torch.vtensor<[2,8],f32>
// CHECK: torch.aten.column_stack %{{.*}} -> !torch.vtensor<[4,3],f32>
func.func @hstack_vstack(%m: !torch.vtensor<[2,4],f32>, %v: !torch.vtensor<[4],f32>, %s: !torch.vtensor<[],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %l0 = torch.prim.ListConstruct %m, %v, %v : (!torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.vstack %l0 : !torch.list<vtensor> -> !torch.vtensor
  %l1 = torch.prim.ListConstruct %v, %s : (!torch.vtensor<[4],f32>, !torch.vtensor<[],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.hstack %l1 : !torch.list<vtensor> -> !torch.vtensor
  %l2 = torch.prim.ListConstruct %m, %m : (!torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>) -> !torch.list<vtensor>
  %2 = torch.aten.hstack %l2 : !torch.list<vtensor> -> !torch.vtensor
  %l3 = torch.prim.ListConstruct %v, %v, %v : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %3 = torch.aten.column_stack %l3 : !torch.list<vtensor> -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// chunk and split keep their list type; unpacking the list gives the pieces.

// CHECK-LABEL: func.func @chunk_split
// CHECK: torch.aten.chunk %{{.*}} -> !torch.list<vtensor>
// CHECK: torch.prim.ListUnpack %{{.*}} -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,1],f32>
// CHECK: torch.aten.split_with_sizes %{{.*}} -> !torch.list<vtensor>
// CHECK: torch.prim.ListUnpack %{{.*}} -> !torch.vtensor<[1,7],f32>, !torch.vtensor<[3,7],f32>
// CHECK: torch.aten.__getitem__.t %{{.*}} -> !torch.vtensor<[3,7],f32>
func.func @chunk_split(%x: !torch.vtensor<[4,7],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %0 = torch.aten.chunk %x, %int3, %int1 : !torch.vtensor<[4,7],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %a, %b, %c = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %sizes = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.split_with_sizes %x, %sizes, %int0 : !torch.vtensor<[4,7],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %d, %e = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor
  %f = torch.aten.__getitem__.t %1, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  return %a, %b, %c, %d, %e, %f : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @slice_select
// CHECK: torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[10,3],f32>
// CHECK: torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[10,4],f32>
// CHECK: torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[?,8],f32>
// CHECK: torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[?,8],f32>
// CHECK: torch.aten.select.int %{{.*}} -> !torch.vtensor<[10],f32>
// CHECK: torch.aten.narrow %{{.*}} -> !torch.vtensor<[10,5],f32>
func.func @slice_select(%x: !torch.vtensor<[10,8],f32>, %y: !torch.vtensor<[?,8],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int5 = torch.constant.int 5
  %int-2 = torch.constant.int -2
  %max = torch.constant.int 9223372036854775807
  %none = torch.constant.none
  // x[:, 2:5]
  %0 = torch.aten.slice.Tensor %x, %int1, %int2, %int5, %int1 : !torch.vtensor<[10,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  // x[:, ::2]
  %1 = torch.aten.slice.Tensor %x, %int1, %none, %none, %int2 : !torch.vtensor<[10,8],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor
  // y[0:] keeps the unknown dim; y[:-2] does not know it.
  %2 = torch.aten.slice.Tensor %y, %int0, %int0, %max, %int1 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  %3 = torch.aten.slice.Tensor %y, %int0, %int0, %int-2, %int1 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  %4 = torch.aten.select.int %x, %int1, %int3 : !torch.vtensor<[10,8],f32>, !torch.int, !torch.int -> !torch.vtensor
  %5 = torch.aten.narrow %x, %int1, %int2, %int5 : !torch.vtensor<[10,8],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @gather_index
// CHECK: torch.aten.index_select %{{.*}} -> !torch.vtensor<[5,6],f32>
// CHECK: torch.aten.gather %{{.*}} -> !torch.vtensor<[5,2],f32>
// CHECK: torch.aten.index.Tensor %{{.*}} -> !torch.vtensor<[5,3,6],f32>
// CHECK: torch.aten.embedding %{{.*}} -> !torch.vtensor<[2,3,16],f32>
func.func @gather_index(%x: !torch.vtensor<[5,6],f32>, %i: !torch.vtensor<[6],si64>, %g: !torch.vtensor<[5,2],si64>, %idx: !torch.vtensor<[3],si64>, %w: !torch.vtensor<[100,16],f32>, %tokens: !torch.vtensor<[2,3],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.index_select %x, %int1, %i : !torch.vtensor<[5,6],f32>, !torch.int, !torch.vtensor<[6],si64> -> !torch.vtensor
  %1 = torch.aten.gather %x, %int1, %g, %false : !torch.vtensor<[5,6],f32>, !torch.int, !torch.vtensor<[5,2],si64>, !torch.bool -> !torch.vtensor
  %l = torch.prim.ListConstruct %none, %idx : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %u = torch.aten.unsqueeze %0, %int1 : !torch.vtensor, !torch.int -> !torch.vtensor
  %2 = torch.aten.index.Tensor %u, %l : !torch.vtensor, !torch.list<optional<vtensor>> -> !torch.vtensor
  %int-1 = torch.constant.int -1
  %3 = torch.aten.embedding %w, %tokens, %int-1, %false, %false : !torch.vtensor<[100,16],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @pad_upsample
// CHECK: torch.aten.constant_pad_nd %{{.*}} -> !torch.vtensor<[1,3,7,10],f32>
// CHECK: torch.aten.upsample_nearest2d.vec %{{.*}} -> !torch.vtensor<[1,3,8,12],f32>
// CHECK: torch.aten.upsample_nearest2d %{{.*}} -> !torch.vtensor<[1,3,5,5],f32>
func.func @pad_upsample(%x: !torch.vtensor<[1,3,4,6],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %float0 = torch.constant.float 0.000000e+00
  %pads = torch.prim.ListConstruct %int2, %int2, %int1, %int2 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.constant_pad_nd %x, %pads, %float0 : !torch.vtensor<[1,3,4,6],f32>, !torch.list<int>, !torch.float -> !torch.vtensor
  %none = torch.constant.none
  %float2 = torch.constant.float 2.000000e+00
  %scales = torch.prim.ListConstruct %float2, %float2 : (!torch.float, !torch.float) -> !torch.list<float>
  %1 = torch.aten.upsample_nearest2d.vec %x, %none, %scales : !torch.vtensor<[1,3,4,6],f32>, !torch.none, !torch.list<float> -> !torch.vtensor
  %size = torch.prim.ListConstruct %int5, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.upsample_nearest2d %x, %size, %none, %none : !torch.vtensor<[1,3,4,6],f32>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}
