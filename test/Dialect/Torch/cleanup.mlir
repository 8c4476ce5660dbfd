// RUN: torch-onnx-opt %s -split-input-file -torch-cleanup | FileCheck %s

// Shape queries of tensors with known sizes fold, and so does the int
// arithmetic on them.

// CHECK-LABEL: func.func @size_folding(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,?],f32>)
// CHECK-DAG:     %[[SIX:.*]] = torch.constant.int 6
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.int 2
// CHECK-DAG:     %[[THREE:.*]] = torch.constant.int 3
// CHECK-DAG:     %[[NEG:.*]] = torch.constant.int -1
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[SIX]], %[[NEG]]
// CHECK:         %[[V:.*]] = torch.aten.view %[[X]], %[[L]]
// CHECK:         %[[D2:.*]] = torch.aten.size.int %[[X]], %[[TWO]]
// CHECK:         return %[[V]], %[[THREE]], %[[D2]]
func.func @size_folding(%x: !torch.vtensor<[2,3,?],f32>) -> (!torch.vtensor, !torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[2,3,?],f32>, !torch.int -> !torch.int
  %m = torch.aten.size.int %x, %int1 : !torch.vtensor<[2,3,?],f32>, !torch.int -> !torch.int
  %nm = torch.aten.mul.int %n, %m : !torch.int, !torch.int -> !torch.int
  %shape = torch.prim.ListConstruct %nm, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %v = torch.aten.view %x, %shape : !torch.vtensor<[2,3,?],f32>, !torch.list<int> -> !torch.vtensor
  %rank = torch.aten.dim %x : !torch.vtensor<[2,3,?],f32> -> !torch.int
  %sizes = torch.aten.size %x : !torch.vtensor<[2,3,?],f32> -> !torch.list<int>
  %last = torch.aten.__getitem__.t %sizes, %int-1 : !torch.list<int>, !torch.int -> !torch.int
  return %v, %rank, %last : !torch.vtensor, !torch.int, !torch.int
}

// -----

// numel, len and element access on lists and tuples built in place.

// CHECK-LABEL: func.func @containers(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,5],f32>, %[[A:.*]]: !torch.int, %[[B:.*]]: !torch.int)
// CHECK-DAG:     %[[TWENTY:.*]] = torch.constant.int 20
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.int 2
// CHECK:         return %[[TWENTY]], %[[TWO]], %[[B]], %[[A]], %[[B]], %[[A]]
func.func @containers(%x: !torch.vtensor<[4,5],f32>, %a: !torch.int, %b: !torch.int) -> (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) {
  %int1 = torch.constant.int 1
  %numel = torch.aten.numel %x : !torch.vtensor<[4,5],f32> -> !torch.int
  %list = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %len = torch.aten.len.t %list : !torch.list<int> -> !torch.int
  %item = torch.aten.__getitem__.t %list, %int1 : !torch.list<int>, !torch.int -> !torch.int
  %u:2 = torch.prim.ListUnpack %list : !torch.list<int> -> !torch.int, !torch.int
  %tuple = torch.prim.TupleConstruct %a, %b : !torch.int, !torch.int -> !torch.tuple<int, int>
  %t1 = torch.prim.TupleIndex %tuple, %int1 : !torch.tuple<int, int>, !torch.int -> !torch.int
  %t:2 = torch.prim.TupleUnpack %tuple : !torch.tuple<int, int> -> !torch.int, !torch.int
  return %numel, %len, %item, %u#0, %t1, %t#0 : !torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int
}

// -----

// A list that something appends to keeps its accesses.

// CHECK-LABEL: func.func @appended_list(
// CHECK:         torch.aten.append.t
// CHECK:         %[[LEN:.*]] = torch.aten.len.t
// CHECK:         return %[[LEN]]
func.func @appended_list(%a: !torch.int) -> !torch.int {
  %list = torch.prim.ListConstruct %a : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.append.t %list, %a : !torch.list<int>, !torch.int -> !torch.list<int>
  %len = torch.aten.len.t %list : !torch.list<int> -> !torch.int
  return %len : !torch.int
}

// -----

// Scalar arithmetic and comparisons on constants, and the branches they
// decide.

// CHECK-LABEL: func.func @scalars(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK-NOT:     torch.prim.If
// CHECK-NOT:     torch.operator
// CHECK-DAG:     %[[Q:.*]] = torch.constant.int -4
// CHECK-DAG:     %[[F:.*]] = torch.constant.float 3.500000e+00
// CHECK-DAG:     %[[I:.*]] = torch.constant.int 3
// CHECK-DAG:     %[[M:.*]] = torch.constant.int 1
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:         return %[[R]], %[[Q]], %[[F]], %[[I]], %[[M]]
func.func @scalars(%x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.int, !torch.float, !torch.int, !torch.int) {
  %int7 = torch.constant.int 7
  %int2 = torch.constant.int 2
  %int-7 = torch.constant.int -7
  %float = torch.constant.float 3.5
  %q = torch.operator "aten::floordiv.int"(%int-7, %int2) : (!torch.int, !torch.int) -> !torch.int
  %sum = torch.aten.add.int %int7, %int2 : !torch.int, !torch.int -> !torch.int
  %gt = torch.aten.gt.int %sum, %int7 : !torch.int, !torch.int -> !torch.bool
  %not = torch.aten.__not__ %gt : !torch.bool -> !torch.bool
  %f = torch.aten.Float.Scalar %float : !torch.float -> !torch.float
  %i = torch.aten.Int.float %float : !torch.float -> !torch.int
  %mod = torch.aten.remainder.int %int-7, %int2 : !torch.int, !torch.int -> !torch.int
  %0 = torch.prim.If %not -> (!torch.vtensor<[4],f32>) {
    %1 = torch.aten.tanh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  } else {
    %1 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  }
  return %0, %q, %f, %i, %mod : !torch.vtensor<[4],f32>, !torch.int, !torch.float, !torch.int, !torch.int
}

// -----

// Scalar/tensor round trips, dtype and device queries, and `is None`.

// CHECK-LABEL: func.func @queries(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>, %[[N:.*]]: !torch.int, %[[O:.*]]: !torch.optional<int>)
// CHECK-DAG:     %[[F32:.*]] = torch.constant.int 6
// CHECK-DAG:     %[[CPU:.*]] = torch.constant.device "cpu"
// CHECK-DAG:     %[[TRUE:.*]] = torch.constant.bool true
// CHECK-DAG:     %[[FALSE:.*]] = torch.constant.bool false
// CHECK:         %[[UNKNOWN:.*]] = torch.aten.__is__ %[[O]]
// CHECK:         return %[[N]], %[[F32]], %[[CPU]], %[[TRUE]], %[[FALSE]], %[[UNKNOWN]]
func.func @queries(%x: !torch.vtensor<[4],f32>, %n: !torch.int, %o: !torch.optional<int>) -> (!torch.int, !torch.int, !torch.Device, !torch.bool, !torch.bool, !torch.bool) {
  %none = torch.constant.none
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor<[],si64>
  %back = torch.aten.Int.Tensor %t : !torch.vtensor<[],si64> -> !torch.int
  %dtype = torch.prim.dtype %x : !torch.vtensor<[4],f32> -> !torch.int
  %device = torch.prim.device %x : !torch.vtensor<[4],f32> -> !torch.Device
  %isnot = torch.aten.__isnot__ %x, %none : !torch.vtensor<[4],f32>, !torch.none -> !torch.bool
  %is = torch.aten.__is__ %n, %none : !torch.int, !torch.none -> !torch.bool
  %maybe = torch.aten.__is__ %o, %none : !torch.optional<int>, !torch.none -> !torch.bool
  return %back, %dtype, %device, %isnot, %is, %maybe : !torch.int, !torch.int, !torch.Device, !torch.bool, !torch.bool, !torch.bool
}

// -----

// Queries that an exported model answers at compile time: is_floating_point
// of a tensor of known dtype, and autograd and autocast, which are off.

// CHECK-LABEL: func.func @inference_queries(
// CHECK-DAG:     %[[TRUE:.*]] = torch.constant.bool true
// CHECK-DAG:     %[[FALSE:.*]] = torch.constant.bool false
// CHECK:         %[[UNKNOWN:.*]] = torch.aten.is_floating_point %{{.*}} : !torch.vtensor -> !torch.bool
// CHECK:         return %[[TRUE]], %[[FALSE]], %[[FALSE]], %[[FALSE]], %[[UNKNOWN]]
func.func @inference_queries(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[4],si64>, %u: !torch.vtensor) -> (!torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool) {
  %0 = torch.aten.is_floating_point %x : !torch.vtensor<[4],f32> -> !torch.bool
  %1 = torch.aten.is_floating_point %i : !torch.vtensor<[4],si64> -> !torch.bool
  %2 = "torch.aten.is_grad_enabled"() : () -> !torch.bool
  %3 = "torch.aten.is_autocast_enabled"() : () -> !torch.bool
  %4 = torch.aten.is_floating_point %u : !torch.vtensor -> !torch.bool
  return %0, %1, %2, %3, %4 : !torch.bool, !torch.bool, !torch.bool, !torch.bool, !torch.bool
}

// -----

// A branch that raises is dropped: the If becomes its other branch.

// CHECK-LABEL: func.func @raising_branch(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>, %[[C:.*]]: !torch.bool)
// CHECK-NOT:     torch.prim.If
// CHECK-NOT:     torch.prim.RaiseException
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:         return %[[R]]
func.func @raising_branch(%x: !torch.vtensor<[4],f32>, %c: !torch.bool) -> !torch.vtensor<[4],f32> {
  %0 = torch.prim.If %c -> (!torch.vtensor<[4],f32>) {
    %str = torch.constant.str "expected a 4-element input"
    %none = torch.constant.none
    torch.prim.RaiseException %str, %none : !torch.str, !torch.none
    %1 = torch.prim.Uninitialized : !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  } else {
    %1 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  }
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Dead code: unused ops that only read their operands, and unused
// constants. An op that may have effects stays.

// CHECK-LABEL: func.func @dead_code(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK-NOT:     torch.aten.exp
// CHECK-NOT:     torch.aten.view
// CHECK-NOT:     torch.constant.int
// CHECK:         torch.operator "mylib::log_stats"(%[[X]])
// CHECK:         return %[[X]]
func.func @dead_code(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.exp %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %sizes = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %0, %sizes : !torch.vtensor<[4],f32>, !torch.list<int> -> !torch.vtensor<[2,2],f32>
  torch.operator "mylib::log_stats"(%x) : (!torch.vtensor<[4],f32>) -> ()
  return %x : !torch.vtensor<[4],f32>
}

// -----

// `prim::unchecked_cast` of a value whose type is already the checked one
// is the value, except as an operand of func.return, whose types must match
// the function's exactly. A cast from an optional stays.

// CHECK-LABEL: func.func @unchecked_cast(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2],f32>, %[[H:.*]]: !torch.optional<vtensor>)
// CHECK:         %[[SAME:.*]] = torch.operator "prim::unchecked_cast"(%[[X]]) : (!torch.vtensor<[2],f32>) -> !torch.vtensor
// CHECK:         %[[CAST:.*]] = torch.operator "prim::unchecked_cast"(%[[H]])
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[X]], %[[CAST]]
// CHECK:         return %[[SAME]], %[[SUM]]
func.func @unchecked_cast(%x: !torch.vtensor<[2],f32>, %h: !torch.optional<vtensor>) -> (!torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %0 = torch.operator "prim::unchecked_cast"(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor
  %1 = torch.operator "prim::unchecked_cast"(%h) : (!torch.optional<vtensor>) -> !torch.vtensor
  %2 = torch.aten.add.Tensor %0, %1, %int1 : !torch.vtensor, !torch.vtensor, !torch.int -> !torch.vtensor
  return %0, %2 : !torch.vtensor, !torch.vtensor
}

// -----

// The scalar arithmetic that tracing records on sizes, with 0-d literals
// among the operands, folds: [2, 2 * 3 + (1 - 2 // 1) - 2] = [2, 3], and the
// divisions with a rounding mode: 7 // -2 = -4 ("floor"), 7 / -2 = -3
// ("trunc").

// CHECK-LABEL: func.func @scalar_tensor_literals(
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.int 2
// CHECK-DAG:     %[[THREE:.*]] = torch.constant.int 3
// CHECK-DAG:     %[[FLOOR:.*]] = torch.constant.int -4
// CHECK-DAG:     %[[TRUNC:.*]] = torch.constant.int -3
// CHECK-NOT:     torch.aten.mul.Tensor
// CHECK-NOT:     torch.aten.div.Tensor_mode
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[TWO]], %[[THREE]]
// CHECK:         return %[[L]], %[[FLOOR]], %[[TRUNC]]
func.func @scalar_tensor_literals() -> (!torch.list<int>, !torch.int, !torch.int) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int7 = torch.constant.int 7
  %three = torch.vtensor.literal(dense<3> : tensor<si64>) : !torch.vtensor<[],si64>
  %minus2 = torch.vtensor.literal(dense<-2> : tensor<si64>) : !torch.vtensor<[],si64>
  %n = torch.prim.NumToTensor.Scalar %int2 : !torch.int -> !torch.vtensor<[],si64>
  %m = torch.aten.mul.Tensor %n, %three : !torch.vtensor<[],si64>, !torch.vtensor<[],si64> -> !torch.vtensor<[],si64>
  %d = torch.aten.floor_divide.Scalar %n, %int1 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %r = torch.aten.rsub.Scalar %d, %int1, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %a = torch.aten.add.Tensor %m, %r, %int1 : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %s = torch.aten.sub.Tensor %a, %n, %int1 : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %size = torch.aten.Int.Tensor %s : !torch.vtensor<[],si64> -> !torch.int
  %sizes = torch.prim.ListConstruct %int2, %size : (!torch.int, !torch.int) -> !torch.list<int>
  %seven = torch.prim.NumToTensor.Scalar %int7 : !torch.int -> !torch.vtensor<[],si64>
  %floor = torch.constant.str "floor"
  %trunc = torch.constant.str "trunc"
  %f = torch.aten.div.Tensor_mode %seven, %minus2, %floor : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.str -> !torch.vtensor<[],si64>
  %t = torch.aten.div.Tensor_mode %seven, %minus2, %trunc : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.str -> !torch.vtensor<[],si64>
  %fi = torch.aten.Int.Tensor %f : !torch.vtensor<[],si64> -> !torch.int
  %ti = torch.aten.Int.Tensor %t : !torch.vtensor<[],si64> -> !torch.int
  return %sizes, %fi, %ti : !torch.list<int>, !torch.int, !torch.int
}

// -----

// Division by zero is left for run time.

// CHECK-LABEL: func.func @scalar_tensor_division_by_zero(
// CHECK:         torch.aten.div.Tensor_mode
func.func @scalar_tensor_division_by_zero() -> !torch.int {
  %int7 = torch.constant.int 7
  %zero = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
  %seven = torch.prim.NumToTensor.Scalar %int7 : !torch.int -> !torch.vtensor<[],si64>
  %trunc = torch.constant.str "trunc"
  %t = torch.aten.div.Tensor_mode %seven, %zero, %trunc : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.str -> !torch.vtensor<[],si64>
  %ti = torch.aten.Int.Tensor %t : !torch.vtensor<[],si64> -> !torch.int
  return %ti : !torch.int
}

// -----

// The run-time checks that torch.export records go, in either spelling.
// CHECK-LABEL: func.func @runtime_assertions
// CHECK-NOT: assert
// CHECK-NOT: constrain
// CHECK: return %arg0
func.func @runtime_assertions(%x: !torch.vtensor<[2],f32>)
    -> !torch.vtensor<[2],f32> {
  %none = torch.constant.none
  %int6 = torch.constant.int 6
  torch.operator "torch.aten._assert_tensor_metadata"(%x, %none, %none,
      %int6, %none, %none) : (!torch.vtensor<[2],f32>, !torch.none,
      !torch.none, !torch.int, !torch.none, !torch.none) -> ()
  %int0 = torch.constant.int 0
  %int9 = torch.constant.int 9
  torch.operator "torch.aten.sym_constrain_range"(%int0, %int0, %int9)
      : (!torch.int, !torch.int, !torch.int) -> ()
  torch.operator "aten::_assert_async.msg"(%x)
      : (!torch.vtensor<[2],f32>) -> ()
  return %x : !torch.vtensor<[2],f32>
}
