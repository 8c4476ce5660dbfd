// RUN: torch-onnx-opt %s -split-input-file -torch-maximize-value-semantics -verify-diagnostics

// A write through an expanded view cannot be written back.

func.func @write_through_expand(%x: !torch.tensor<[1,4],f32>) -> !torch.tensor<[1,4],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %sizes = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %sizes, %false : !torch.tensor<[1,4],f32>, !torch.list<int>, !torch.bool -> !torch.tensor<[3,4],f32>
  // expected-error @+1 {{cannot rewrite an in-place update of a view produced by 'torch.aten.expand'}}
  %1 = torch.aten.relu_ %0 : !torch.tensor<[3,4],f32> -> !torch.tensor<[3,4],f32>
  return %x : !torch.tensor<[1,4],f32>
}

// -----

// A loop-carried tensor may be the initial tensor or one an iteration made.

func.func @write_loop_carried(%x: !torch.tensor<[4],f32>, %n: !torch.int) -> !torch.tensor<[4],f32> {
  %true = torch.constant.bool true
  %0 = torch.prim.Loop %n, %true, init(%x) {
  ^bb0(%i: !torch.int, %acc: !torch.tensor<[4],f32>):
    // expected-error @+1 {{cannot rewrite this in-place update: the tensor it writes may or may not share storage with other tensors}}
    %1 = torch.aten.relu_ %acc : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    torch.prim.Loop.condition %true, iter(%1 : !torch.tensor<[4],f32>)
  } : (!torch.int, !torch.bool, !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32>
  return %0 : !torch.tensor<[4],f32>
}

// -----

// An element of a list chosen at run time.

func.func @write_list_element(%x: !torch.tensor<[4],f32>, %y: !torch.tensor<[4],f32>, %i: !torch.int) -> !torch.tensor<[4],f32> {
  %list = torch.prim.ListConstruct %x, %y : (!torch.tensor<[4],f32>, !torch.tensor<[4],f32>) -> !torch.list<tensor<[4],f32>>
  %0 = torch.aten.__getitem__.t %list, %i : !torch.list<tensor<[4],f32>>, !torch.int -> !torch.tensor<[4],f32>
  // expected-error @+1 {{cannot rewrite this in-place update: the tensor it writes may or may not share storage with other tensors}}
  %1 = torch.aten.relu_ %0 : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %x : !torch.tensor<[4],f32>
}

// -----

// reshape of a transposed view may or may not copy; reading it after the
// base changed is ambiguous.

func.func @stale_maybe_copy(%x: !torch.tensor<[2,3],f32>) -> !torch.tensor<[6],f32> {
  %int6 = torch.constant.int 6
  %0 = torch.aten.t %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[3,2],f32>
  %sizes = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.reshape %0, %sizes : !torch.tensor<[3,2],f32>, !torch.list<int> -> !torch.tensor<[6],f32>
  %2 = torch.aten.relu_ %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  // expected-error @+1 {{cannot rewrite with value semantics: this reads}}
  return %1 : !torch.tensor<[6],f32>
}

// -----

// A call may write to its tensor operands.

func.func private @opaque(!torch.tensor) -> ()
func.func @unknown_writer(%x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{cannot tell whether 'func.call' writes to its tensor operands}}
  func.call @opaque(%x) : (!torch.tensor) -> ()
  return %x : !torch.tensor
}

// -----

// instance_norm with input statistics updates its running statistics from
// each instance's statistics, which need the input's rank.

func.func @instance_norm_unranked(%x: !torch.tensor<*,f32>, %rm: !torch.tensor<[3],f32>, %rv: !torch.tensor<[3],f32>) -> !torch.tensor {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error @+1 {{cannot compute the running statistics of instance normalization with input statistics: the rank of its input is unknown or below 3}}
  %0 = torch.aten.instance_norm %x, %none, %none, %rm, %rv, %true, %momentum, %eps, %true : !torch.tensor<*,f32>, !torch.none, !torch.none, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// Batch normalization whose mode is only known at run time.

func.func @batch_norm_unknown_mode(%x: !torch.tensor<[2,3],f32>, %rm: !torch.tensor<[3],f32>, %rv: !torch.tensor<[3],f32>, %training: !torch.bool) -> !torch.tensor {
  %none = torch.constant.none
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error @+1 {{cannot tell whether 'torch.aten.batch_norm' writes to its tensor operands}}
  %0 = torch.aten.batch_norm %x, %none, %none, %rm, %rv, %training, %momentum, %eps, %training : !torch.tensor<[2,3],f32>, !torch.none, !torch.none, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// A piece of a split taken by index: the other pieces are not at hand to
// write it back.

func.func @write_split_piece_by_index(%x: !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %list = torch.aten.split.Tensor %x, %int2, %int0 : !torch.tensor<[4],f32>, !torch.int, !torch.int -> !torch.list<tensor>
  %0 = torch.aten.__getitem__.t %list, %int0 : !torch.list<tensor>, !torch.int -> !torch.tensor<[2],f32>
  // expected-error @+1 {{cannot rewrite an in-place update of a view produced by 'torch.aten.__getitem__.t'}}
  %1 = torch.aten.relu_ %0 : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  return %x : !torch.tensor<[4],f32>
}

// -----

// A split list that is appended to may hold tensors other than the pieces.

func.func @write_piece_of_modified_split(%x: !torch.tensor<[4],f32>, %y: !torch.tensor<[2],f32>) -> !torch.tensor<[4],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %list = torch.aten.split.Tensor %x, %int2, %int0 : !torch.tensor<[4],f32>, !torch.int, !torch.int -> !torch.list<tensor>
  %0 = torch.aten.append.t %list, %y : !torch.list<tensor>, !torch.tensor<[2],f32> -> !torch.list<tensor>
  %p:3 = torch.prim.ListUnpack %list : !torch.list<tensor> -> !torch.tensor<[2],f32>, !torch.tensor<[2],f32>, !torch.tensor<[2],f32>
  // expected-error @+1 {{cannot rewrite this in-place update: the tensor it writes may or may not share storage with other tensors}}
  %1 = torch.aten.relu_ %p#0 : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  return %x : !torch.tensor<[4],f32>
}
