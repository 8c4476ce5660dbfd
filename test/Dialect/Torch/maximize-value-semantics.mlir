// RUN: torch-onnx-opt %s -split-input-file -torch-maximize-value-semantics | FileCheck %s

// An in-place op becomes its value form; later reads see the new value.

// CHECK-LABEL: func.func @relu_in_place(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
// CHECK:         %[[BEFORE:.*]] = torch.aten.neg %[[X]] : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[RELU:.*]] = torch.aten.relu %[[X]] : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[AFTER:.*]] = torch.aten.neg %[[RELU]]
// CHECK:         return %[[BEFORE]], %[[AFTER]]
func.func @relu_in_place(%x: !torch.tensor<[2,3],f32>) -> (!torch.tensor<[2,3],f32>, !torch.tensor<[2,3],f32>) {
  %0 = torch.aten.neg %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  %1 = torch.aten.relu_ %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  %2 = torch.aten.neg %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  return %0, %2 : !torch.tensor<[2,3],f32>, !torch.tensor<[2,3],f32>
}

// -----

// The result of an in-place op is the tensor it wrote: writing through it
// writes the same tensor.

// CHECK-LABEL: func.func @chained(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>, %[[Y:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[ADD:.*]] = torch.aten.add.Tensor %[[X]], %[[Y]], %{{.*}} : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
// CHECK:         %[[MUL:.*]] = torch.aten.mul.Tensor %[[ADD]], %[[Y]]
// CHECK:         return %[[MUL]] : !torch.vtensor<[4],f32>
func.func @chained(%x: !torch.tensor<[4],f32>, %y: !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add_.Tensor %x, %y, %int1 : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>, !torch.int -> !torch.tensor<[4],f32>
  %1 = torch.aten.mul_.Tensor %0, %y : !torch.tensor<[4],f32>, !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %x : !torch.tensor<[4],f32>
}

// -----

// `x[:, :2] = y` traces as slice + copy_: the copy is written back into x
// with slice_scatter.

// CHECK-LABEL: func.func @copy_into_slice(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,4],f32>, %[[Y:.*]]: !torch.vtensor<[2,2],f32>)
// CHECK-DAG:     %[[ZERO:.*]] = torch.constant.int 0
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.int 2
// CHECK:         %[[NEW:.*]] = torch.aten.slice_scatter %[[X]], %[[Y]], %[[ONE]], %[[ZERO]], %[[TWO]], %[[ONE]] : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,4],f32>
// CHECK:         %[[R:.*]] = torch.aten.relu %[[NEW]]
// CHECK:         return %[[R]]
func.func @copy_into_slice(%x: !torch.tensor<[2,4],f32>, %y: !torch.tensor<[2,2],f32>) -> !torch.tensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %0 = torch.aten.slice.Tensor %x, %int1, %int0, %int2, %int1 : !torch.tensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.tensor<[2,2],f32>
  %1 = torch.aten.copy_ %0, %y, %false : !torch.tensor<[2,2],f32>, !torch.tensor<[2,2],f32>, !torch.bool -> !torch.tensor<[2,2],f32>
  %2 = torch.aten.relu %x : !torch.tensor<[2,4],f32> -> !torch.tensor
  return %2 : !torch.tensor
}

// -----

// `x[0].add_(1)`: select + add_ is written back with select_scatter, and a
// view of x taken before the write is recomputed when read after it.

// CHECK-LABEL: func.func @write_through_select(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[ROW:.*]] = torch.aten.select.int %[[X]], %[[ZERO:.*]], %[[ZERO]]
// CHECK:         %[[T:.*]] = torch.aten.t %[[X]]
// CHECK:         %[[ADDED:.*]] = torch.aten.add.Scalar %[[ROW]], %{{.*}}, %{{.*}} : !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
// CHECK:         %[[NEWX:.*]] = torch.aten.select_scatter %[[X]], %[[ADDED]], %[[ZERO]], %[[ZERO]] : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[NEWT:.*]] = torch.aten.t %[[NEWX]] : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[3,2],f32>
// CHECK:         return %[[NEWT]], %[[ADDED]]
func.func @write_through_select(%x: !torch.tensor<[2,3],f32>) -> (!torch.tensor<[3,2],f32>, !torch.tensor<[3],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.select.int %x, %int0, %int0 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3],f32>
  %1 = torch.aten.t %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[3,2],f32>
  %2 = torch.aten.add_.Scalar %0, %int1, %int1 : !torch.tensor<[3],f32>, !torch.int, !torch.int -> !torch.tensor<[3],f32>
  return %1, %0 : !torch.tensor<[3,2],f32>, !torch.tensor<[3],f32>
}

// -----

// Writes through a transpose and through a reshape go back through the
// inverse transpose and a reshape to the base's sizes.

// CHECK-LABEL: func.func @write_through_transpose_and_view(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[T:.*]] = torch.aten.transpose.int %[[X]], %[[D0:.*]], %[[D1:.*]] :
// CHECK:         %[[TZ:.*]] = torch.aten.zero %[[T]] : !torch.vtensor<[3,2],f32> -> !torch.vtensor<[3,2],f32>
// CHECK:         %[[X1:.*]] = torch.aten.transpose.int %[[TZ]], %[[D0]], %[[D1]] : !torch.vtensor<[3,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[V:.*]] = torch.aten.view %[[X1]], %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[6],f32>
// CHECK:         %[[VF:.*]] = torch.aten.fill.Scalar %[[V]], %{{.*}} : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
// CHECK:         %[[SIZES:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         %[[X2:.*]] = torch.aten.reshape %[[VF]], %[[SIZES]] : !torch.vtensor<[6],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
// CHECK:         return %[[X2]]
func.func @write_through_transpose_and_view(%x: !torch.tensor<[2,3],f32>) -> !torch.tensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %float = torch.constant.float 5.0
  %0 = torch.aten.transpose.int %x, %int0, %int1 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3,2],f32>
  %1 = torch.aten.zero_ %0 : !torch.tensor<[3,2],f32> -> !torch.tensor<[3,2],f32>
  %sizes = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
  %2 = torch.aten.view %x, %sizes : !torch.tensor<[2,3],f32>, !torch.list<int> -> !torch.tensor<[6],f32>
  %3 = torch.aten.fill_.Scalar %2, %float : !torch.tensor<[6],f32>, !torch.float -> !torch.tensor<[6],f32>
  return %x : !torch.tensor<[2,3],f32>
}

// -----

// copy_ broadcasts and casts its source when the types differ.

// CHECK-LABEL: func.func @copy_with_broadcast(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>, %[[Y:.*]]: !torch.vtensor<[3],f64>)
// CHECK:         %[[E:.*]] = torch.aten.expand_as %[[Y]], %[[X]] : !torch.vtensor<[3],f64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f64>
// CHECK:         %[[F32:.*]] = torch.constant.int 6
// CHECK:         %[[C:.*]] = torch.aten.to.dtype %[[E]], %[[F32]], %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3],f64>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
// CHECK:         return %[[C]]
func.func @copy_with_broadcast(%x: !torch.tensor<[2,3],f32>, %y: !torch.tensor<[3],f64>) -> !torch.tensor<[2,3],f32> {
  %false = torch.constant.bool false
  %0 = torch.aten.copy_ %x, %y, %false : !torch.tensor<[2,3],f32>, !torch.tensor<[3],f64>, !torch.bool -> !torch.tensor<[2,3],f32>
  return %0 : !torch.tensor<[2,3],f32>
}

// -----

// index_put_, masked_fill_ and an out= variant.

// CHECK-LABEL: func.func @other_writers(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>, %[[I:.*]]: !torch.vtensor<[2],si64>, %[[V:.*]]: !torch.vtensor<[2],f32>, %[[M:.*]]: !torch.vtensor<[4],i1>, %[[OUT:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[P:.*]] = torch.aten.index_put %[[X]], %{{.*}}, %[[V]], %{{.*}} : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2],f32>, !torch.bool -> !torch.vtensor<[4],f32>
// CHECK:         %[[F:.*]] = torch.aten.masked_fill.Scalar %[[P]], %[[M]], %{{.*}} : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>, !torch.float -> !torch.vtensor<[4],f32>
// CHECK:         %[[S:.*]] = torch.aten.add.Tensor %[[F]], %[[F]], %{{.*}} : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
// CHECK:         return %[[F]], %[[S]]
func.func @other_writers(%x: !torch.tensor<[4],f32>, %i: !torch.tensor<[2],si64>, %v: !torch.tensor<[2],f32>, %m: !torch.tensor<[4],i1>, %out: !torch.tensor<[4],f32>) -> (!torch.tensor<[4],f32>, !torch.tensor<[4],f32>) {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float = torch.constant.float 0.0
  %indices = torch.prim.ListConstruct %i : (!torch.tensor<[2],si64>) -> !torch.list<optional<tensor>>
  %0 = torch.aten.index_put_ %x, %indices, %v, %false : !torch.tensor<[4],f32>, !torch.list<optional<tensor>>, !torch.tensor<[2],f32>, !torch.bool -> !torch.tensor<[4],f32>
  %1 = torch.aten.masked_fill_.Scalar %x, %m, %float : !torch.tensor<[4],f32>, !torch.tensor<[4],i1>, !torch.float -> !torch.tensor<[4],f32>
  %2 = torch.aten.add.out %x, %x, %int1, %out : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>, !torch.int, !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %x, %out : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>
}

// -----

// A write inside torch.prim.If to a tensor defined outside becomes an extra
// result of the If.

// CHECK-LABEL: func.func @write_in_if(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>, %[[C:.*]]: !torch.bool)
// CHECK:         %[[IF:.*]]:2 = torch.prim.If %[[C]] -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
// CHECK:           %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:           %[[N:.*]] = torch.aten.neg %[[R]]
// CHECK:           torch.prim.If.yield %[[N]], %[[R]] : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
// CHECK:         } else {
// CHECK:           torch.prim.If.yield %[[X]], %[[X]] : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
// CHECK:         }
// CHECK:         %[[S:.*]] = torch.aten.sigmoid %[[IF]]#1
// CHECK:         return %[[IF]]#0, %[[S]]
func.func @write_in_if(%x: !torch.tensor<[4],f32>, %c: !torch.bool) -> (!torch.tensor<[4],f32>, !torch.tensor<[4],f32>) {
  %0 = torch.prim.If %c -> (!torch.tensor<[4],f32>) {
    %1 = torch.aten.relu_ %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    %2 = torch.aten.neg %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    torch.prim.If.yield %2 : !torch.tensor<[4],f32>
  } else {
    torch.prim.If.yield %x : !torch.tensor<[4],f32>
  }
  %3 = torch.aten.sigmoid %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %0, %3 : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>
}

// -----

// A write inside torch.prim.Loop to a tensor defined outside is carried
// through the loop; a view of it taken before the loop is recomputed inside.

// CHECK-LABEL: func.func @write_in_loop(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,4],f32>, %[[N:.*]]: !torch.int)
// CHECK:         %[[LOOP:.*]] = torch.prim.Loop %[[N]], %{{.*}}, init(%[[X]]) {
// CHECK:         ^bb0(%[[I:.*]]: !torch.int, %[[CUR:.*]]: !torch.vtensor<[2,4],f32>):
// CHECK:           %[[ROW:.*]] = torch.aten.select.int %[[CUR]], %{{.*}}, %{{.*}} :
// CHECK:           %[[ADDED:.*]] = torch.aten.add.Scalar %[[ROW]], %[[I]], %{{.*}}
// CHECK:           %[[NEXT:.*]] = torch.aten.select_scatter %[[CUR]], %[[ADDED]]
// CHECK:           torch.prim.Loop.condition %{{.*}}, iter(%[[NEXT]] : !torch.vtensor<[2,4],f32>)
// CHECK:         } : (!torch.int, !torch.bool, !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32>
// CHECK:         return %[[LOOP]]
func.func @write_in_loop(%x: !torch.tensor<[2,4],f32>, %n: !torch.int) -> !torch.tensor<[2,4],f32> {
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %row = torch.aten.select.int %x, %int0, %int0 : !torch.tensor<[2,4],f32>, !torch.int, !torch.int -> !torch.tensor<[4],f32>
  torch.prim.Loop %n, %true, init() {
  ^bb0(%i: !torch.int):
    %0 = torch.aten.add_.Scalar %row, %i, %int1 : !torch.tensor<[4],f32>, !torch.int, !torch.int -> !torch.tensor<[4],f32>
    torch.prim.Loop.condition %true, iter()
  } : (!torch.int, !torch.bool) -> ()
  return %x : !torch.tensor<[2,4],f32>
}

// -----

// Batch normalization in training mode: its running statistics are updated
// explicitly from the batch's mean and unbiased variance.

// CHECK-LABEL: func.func @batch_norm_training(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[8,3,5],f32>, %[[RM:.*]]: !torch.vtensor<[3],f32>, %[[RV:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %[[X]], %[[DIMS]], %{{.*}}, %{{.*}} : !torch.vtensor<[8,3,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
// CHECK:         %[[VAR:.*]] = torch.aten.var.dim %[[X]], %[[DIMS]], %{{.*}}, %{{.*}} : !torch.vtensor<[8,3,5],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[3],f32>
// CHECK:         %[[D1:.*]] = torch.aten.sub.Tensor %[[MEAN]], %[[RM]]
// CHECK:         %[[S1:.*]] = torch.aten.mul.Scalar %[[D1]], %[[MOMENTUM:[^ ]*]]
// CHECK:         %[[NEWRM:.*]] = torch.aten.add.Tensor %[[RM]], %[[S1]]
// CHECK:         %[[D2:.*]] = torch.aten.sub.Tensor %[[VAR]], %[[RV]]
// CHECK:         %[[S2:.*]] = torch.aten.mul.Scalar %[[D2]], %[[MOMENTUM]]
// CHECK:         %[[NEWRV:.*]] = torch.aten.add.Tensor %[[RV]], %[[S2]]
// CHECK:         %[[Y:.*]] = torch.aten.batch_norm %[[X]], %{{.*}}, %{{.*}}, %[[RM]], %[[RV]]
// CHECK:         return %[[Y]], %[[NEWRM]], %[[NEWRV]]
func.func @batch_norm_training(%x: !torch.tensor<[8,3,5],f32>, %rm: !torch.tensor<[3],f32>, %rv: !torch.tensor<[3],f32>) -> (!torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>) {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %none, %none, %rm, %rv, %true, %momentum, %eps, %false : !torch.tensor<[8,3,5],f32>, !torch.none, !torch.none, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %0, %rm, %rv : !torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>
}

// -----

// native_batch_norm in training mode updates its statistics as batch_norm
// does.

// CHECK-LABEL: func.func @native_batch_norm_training(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[8,3],f32>, %[[RM:.*]]: !torch.vtensor<[3],f32>, %[[RV:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %[[X]]
// CHECK:         %[[VAR:.*]] = torch.aten.var.dim %[[X]]
// CHECK:         %[[NEWRM:.*]] = torch.aten.add.Tensor %[[RM]]
// CHECK:         %[[NEWRV:.*]] = torch.aten.add.Tensor %[[RV]]
// CHECK:         %[[Y:[^,]*]], %{{.*}}, %{{.*}} = torch.aten.native_batch_norm %[[X]], %{{.*}}, %{{.*}}, %[[RM]], %[[RV]]
// CHECK:         return %[[Y]], %[[NEWRM]], %[[NEWRV]]
func.func @native_batch_norm_training(%x: !torch.tensor<[8,3],f32>, %rm: !torch.tensor<[3],f32>, %rv: !torch.tensor<[3],f32>) -> (!torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>) {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.aten.native_batch_norm %x, %none, %none, %rm, %rv, %true, %momentum, %eps : !torch.tensor<[8,3],f32>, !torch.none, !torch.none, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.tensor, !torch.tensor, !torch.tensor
  return %0#0, %rm, %rv : !torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>
}

// -----

// instance_norm with input statistics: each instance's mean and unbiased
// variance over the dims after the channels, averaged over the batch,
// update the running statistics.

// CHECK-LABEL: func.func @instance_norm_input_stats(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[8,3,5],f32>, %[[RM:.*]]: !torch.vtensor<[3],f32>, %[[RV:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[INST_MEAN:.*]] = torch.aten.mean.dim %[[X]], %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[8,3,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[8,3],f32>
// CHECK:         %[[INST_VAR:.*]] = torch.aten.var.dim %[[X]], %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[8,3,5],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[8,3],f32>
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %[[INST_MEAN]], %{{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         %[[VAR:.*]] = torch.aten.mean.dim %[[INST_VAR]], %{{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         torch.aten.sub.Tensor %[[MEAN]], %[[RM]]
// CHECK:         %[[NEWRM:.*]] = torch.aten.add.Tensor %[[RM]]
// CHECK:         torch.aten.sub.Tensor %[[VAR]], %[[RV]]
// CHECK:         %[[NEWRV:.*]] = torch.aten.add.Tensor %[[RV]]
// CHECK:         %[[Y:.*]] = torch.aten.instance_norm %[[X]], %{{.*}}, %{{.*}}, %[[RM]], %[[RV]]
// CHECK:         return %[[Y]], %[[NEWRM]], %[[NEWRV]]
func.func @instance_norm_input_stats(%x: !torch.tensor<[8,3,5],f32>, %rm: !torch.tensor<[3],f32>, %rv: !torch.tensor<[3],f32>) -> (!torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>) {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.instance_norm %x, %none, %none, %rm, %rv, %true, %momentum, %eps, %true : !torch.tensor<[8,3,5],f32>, !torch.none, !torch.none, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %0, %rm, %rv : !torch.tensor, !torch.tensor<[3],f32>, !torch.tensor<[3],f32>
}

// -----

// The copy ops between the two tensor kinds fold away, and literals become
// value literals. A list holds its tensors by reference, so it is rebuilt
// when one of them is overwritten after the list was made.

// CHECK-LABEL: func.func @copies(
// CHECK-SAME:      %[[V:.*]]: !torch.vtensor<[2],f32>)
// CHECK:         %[[LIT:.*]] = torch.vtensor.literal(dense<1.000000e+00> : tensor<2xf32>) : !torch.vtensor<[2],f32>
// CHECK:         %[[ADD:.*]] = torch.aten.add.Tensor %[[V]], %[[LIT]]
// CHECK:         %[[E:.*]] = torch.aten.exp %[[ADD]]
// CHECK:         torch.prim.ListConstruct %[[ADD]], %[[E]] :
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[E]], %[[E]] : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.list<vtensor<[2],f32>>
// CHECK:         return %[[E]], %[[L]]
func.func @copies(%v: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.list<tensor<[2],f32>>) {
  %int1 = torch.constant.int 1
  %lit = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
  %t = torch.copy.to_tensor %v : !torch.tensor<[2],f32>
  %0 = torch.aten.add_.Tensor %t, %lit, %int1 : !torch.tensor<[2],f32>, !torch.tensor<[2],f32>, !torch.int -> !torch.tensor<[2],f32>
  %1 = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  %2 = torch.aten.exp %1 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %u = torch.copy.to_tensor %2 : !torch.tensor<[2],f32>
  %list = torch.prim.ListConstruct %t, %u : (!torch.tensor<[2],f32>, !torch.tensor<[2],f32>) -> !torch.list<tensor<[2],f32>>
  %3 = torch.copy.to_vtensor %u : !torch.vtensor<[2],f32>
  torch.overwrite.tensor.contents %3 overwrites %t : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  return %2, %list : !torch.vtensor<[2],f32>, !torch.list<tensor<[2],f32>>
}

// -----

// The gates of a traced LSTM cell: the pieces of a chunk are updated in
// place. A piece is a view of the chunked tensor, disjoint from the other
// pieces: a write to one leaves the others as they were, and reading the
// chunked tensor afterwards reads the concatenation of the new pieces.

// CHECK-LABEL: func.func @write_chunk_pieces(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,6],f32>)
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[LIST:.*]] = torch.aten.chunk %[[X]], %{{.*}}, %[[ONE]] : !torch.vtensor<[2,6],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
// CHECK:         %[[P:.*]]:3 = torch.prim.ListUnpack %[[LIST]] : !torch.list<vtensor> -> !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>
// CHECK:         %[[S0:.*]] = torch.aten.sigmoid %[[P]]#0 : !torch.vtensor<[2,2],f32> -> !torch.vtensor<[2,2],f32>
// CHECK:         %[[T2:.*]] = torch.aten.tanh %[[P]]#2 : !torch.vtensor<[2,2],f32> -> !torch.vtensor<[2,2],f32>
// CHECK:         %[[NEW:.*]] = torch.prim.ListConstruct %[[S0]], %[[P]]#1, %[[T2]] : (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>) -> !torch.list<vtensor>
// CHECK:         %[[CAT:.*]] = torch.aten.cat %[[NEW]], %[[ONE]] : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,6],f32>
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[S0]], %[[P]]#1
// CHECK:         return %[[M]], %[[CAT]]
func.func @write_chunk_pieces(%x: !torch.tensor<[2,6],f32>) -> (!torch.tensor, !torch.tensor<[2,6],f32>) {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %list = torch.aten.chunk %x, %int3, %int1 : !torch.tensor<[2,6],f32>, !torch.int, !torch.int -> !torch.list<tensor>
  %p:3 = torch.prim.ListUnpack %list : !torch.list<tensor> -> !torch.tensor<[2,2],f32>, !torch.tensor<[2,2],f32>, !torch.tensor<[2,2],f32>
  %0 = torch.aten.sigmoid_ %p#0 : !torch.tensor<[2,2],f32> -> !torch.tensor<[2,2],f32>
  %1 = torch.aten.tanh_ %p#2 : !torch.tensor<[2,2],f32> -> !torch.tensor<[2,2],f32>
  %2 = torch.aten.mul.Tensor %p#0, %p#1 : !torch.tensor<[2,2],f32>, !torch.tensor<[2,2],f32> -> !torch.tensor
  return %2, %x : !torch.tensor, !torch.tensor<[2,6],f32>
}

// -----

// unsafe_chunk, which the importer leaves as an operator, becomes chunk:
// its pieces are views too.

// CHECK-LABEL: func.func @unsafe_chunk(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[LIST:.*]] = torch.aten.chunk %[[X]]
// CHECK:         %[[P:.*]]:2 = torch.prim.ListUnpack %[[LIST]]
// CHECK:         %[[R:.*]] = torch.aten.relu %[[P]]#1
// CHECK:         %[[NEW:.*]] = torch.prim.ListConstruct %[[P]]#0, %[[R]]
// CHECK:         %[[CAT:.*]] = torch.aten.cat %[[NEW]]
// CHECK:         return %[[CAT]]
func.func @unsafe_chunk(%x: !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %list = torch.operator "aten::unsafe_chunk"(%x, %int2, %int0) : (!torch.tensor<[4],f32>, !torch.int, !torch.int) -> !torch.list<tensor>
  %p:2 = torch.prim.ListUnpack %list : !torch.list<tensor> -> !torch.tensor<[2],f32>, !torch.tensor<[2],f32>
  %0 = torch.aten.relu_ %p#1 : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  return %x : !torch.tensor<[4],f32>
}

// -----

// unsafe_split's schema claims no aliasing, but its pieces share storage
// with the split tensor all the same: a write to a piece changes the
// tensor, and a write to the tensor changes the pieces.

// CHECK-LABEL: func.func @unsafe_split(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[LIST:.*]] = torch.aten.unsafe_split.Tensor %[[X]]
// CHECK:         %[[P:.*]]:2 = torch.prim.ListUnpack %[[LIST]]
// CHECK:         %[[N:.*]] = torch.aten.neg %[[P]]#0
// CHECK:         %[[NEW:.*]] = torch.prim.ListConstruct %[[N]], %[[P]]#1
// CHECK:         %[[CAT:.*]] = torch.aten.cat %[[NEW]]
// CHECK:         %[[R:.*]] = torch.aten.relu %[[CAT]]
// CHECK:         %[[LIST2:.*]] = torch.aten.unsafe_split.Tensor %[[R]]
// CHECK:         %[[P2:.*]]:2 = torch.prim.ListUnpack %[[LIST2]]
// CHECK:         return %[[R]], %[[P2]]#1
func.func @unsafe_split(%x: !torch.tensor<[4],f32>) -> (!torch.tensor<[4],f32>, !torch.tensor<[2],f32>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %list = torch.aten.unsafe_split.Tensor %x, %int2, %int0 : !torch.tensor<[4],f32>, !torch.int, !torch.int -> !torch.list<tensor>
  %p:2 = torch.prim.ListUnpack %list : !torch.list<tensor> -> !torch.tensor<[2],f32>, !torch.tensor<[2],f32>
  %0 = torch.aten.neg_ %p#0 : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  %1 = torch.aten.relu_ %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %x, %p#1 : !torch.tensor<[4],f32>, !torch.tensor<[2],f32>
}

// -----

// The rows of unbind go back with stack. A piece read after its tensor was
// written elsewhere is split again from the new contents.

// CHECK-LABEL: func.func @unbind_rows(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[ZERO:.*]] = torch.constant.int 0
// CHECK:         %[[LIST:.*]] = torch.aten.unbind.int %[[X]], %[[ZERO]]
// CHECK:         %[[P:.*]]:2 = torch.prim.ListUnpack %[[LIST]]
// CHECK:         %[[Z:.*]] = torch.aten.zero %[[P]]#1
// CHECK:         %[[NEW:.*]] = torch.prim.ListConstruct %[[P]]#0, %[[Z]]
// CHECK:         %[[STACK:.*]] = torch.aten.stack %[[NEW]], %[[ZERO]] : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[R:.*]] = torch.aten.relu %[[STACK]]
// CHECK:         %[[LIST2:.*]] = torch.aten.unbind.int %[[R]], %[[ZERO]]
// CHECK:         %[[P2:.*]]:2 = torch.prim.ListUnpack %[[LIST2]]
// CHECK:         return %[[P2]]#0
func.func @unbind_rows(%x: !torch.tensor<[2,3],f32>) -> !torch.tensor<[3],f32> {
  %int0 = torch.constant.int 0
  %list = torch.aten.unbind.int %x, %int0 : !torch.tensor<[2,3],f32>, !torch.int -> !torch.list<tensor>
  %p:2 = torch.prim.ListUnpack %list : !torch.list<tensor> -> !torch.tensor<[3],f32>, !torch.tensor<[3],f32>
  %0 = torch.aten.zero_ %p#1 : !torch.tensor<[3],f32> -> !torch.tensor<[3],f32>
  %1 = torch.aten.relu_ %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  return %p#0 : !torch.tensor<[3],f32>
}

// -----

// A view of a view read after the base was written: the inner view is
// recomputed first, then the outer one from it.

// CHECK-LABEL: func.func @stale_view_of_view(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:         %[[ROW:.*]] = torch.aten.select.int %[[R]], %{{.*}}, %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
// CHECK:         %[[U:.*]] = torch.aten.unsqueeze %[[ROW]], %{{.*}} : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[1,3],f32>
// CHECK:         return %[[U]]
func.func @stale_view_of_view(%x: !torch.tensor<[2,3],f32>) -> !torch.tensor<[1,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.select.int %x, %int0, %int0 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3],f32>
  %1 = torch.aten.unsqueeze %0, %int0 : !torch.tensor<[3],f32>, !torch.int -> !torch.tensor<[1,3],f32>
  %2 = torch.aten.relu_ %x : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  return %1 : !torch.tensor<[1,3],f32>
}

// -----

// A piece of a split taken by index and read after the split tensor was
// written is taken again from the new contents.

// CHECK-LABEL: func.func @read_split_piece_by_index(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:         %[[LIST:.*]] = torch.aten.split.Tensor %[[R]], %{{.*}}, %{{.*}} : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
// CHECK:         %[[P:.*]] = torch.aten.__getitem__.t %[[LIST]], %{{.*}} : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2],f32>
// CHECK:         return %[[P]]
func.func @read_split_piece_by_index(%x: !torch.tensor<[4],f32>) -> !torch.tensor<[2],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %list = torch.aten.split.Tensor %x, %int2, %int0 : !torch.tensor<[4],f32>, !torch.int, !torch.int -> !torch.list<tensor>
  %0 = torch.aten.__getitem__.t %list, %int0 : !torch.list<tensor>, !torch.int -> !torch.tensor<[2],f32>
  %1 = torch.aten.relu_ %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %0 : !torch.tensor<[2],f32>
}
