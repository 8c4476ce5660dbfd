// RUN: torch-onnx-opt %s -split-input-file -torch-decompose-composite-ops | FileCheck %s

// hypot scales by the larger magnitude, so that a^2 + b^2 cannot overflow;
// 0 for two zeros, inf for an infinite operand.

// CHECK-LABEL: func.func @hypot
// CHECK-DAG:     %[[INF:.*]] = torch.constant.float 0x7FF0000000000000
// CHECK-DAG:     %[[A:.*]] = torch.aten.abs %arg0
// CHECK-DAG:     %[[B:.*]] = torch.aten.abs %arg1
// CHECK:         %[[BIG:.*]] = torch.aten.maximum %[[A]], %[[B]]
// CHECK:         %[[SMALL:.*]] = torch.aten.minimum %[[A]], %[[B]]
// CHECK:         %[[RATIO:.*]] = torch.aten.div.Tensor %[[SMALL]], %[[BIG]]
// CHECK:         torch.aten.sqrt
// CHECK:         torch.aten.eq.Scalar %[[BIG]]
// CHECK:         %[[INFINITE:.*]] = torch.aten.logical_or
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarSelf %[[INFINITE]], %[[INF]], {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.hypot
func.func @hypot(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.aten.hypot %a, %b : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// kron of a torch.operator (the op has no ODS definition): the dims of a
// and b interleaved, multiplied, and each pair flattened.

// CHECK-LABEL: func.func @kron
// CHECK:         %[[A:.*]] = torch.aten.unsqueeze %arg0, {{.*}} -> !torch.vtensor<[2,1,3],f32>
// CHECK:         %[[A2:.*]] = torch.aten.unsqueeze %[[A]], {{.*}} -> !torch.vtensor<[2,1,3,1],f32>
// CHECK:         %[[B2:.*]] = torch.aten.unsqueeze {{.*}} -> !torch.vtensor<[1,1,1,4],f32>
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %[[A2]], %[[B2]] {{.*}} -> !torch.vtensor<[2,1,3,4],f32>
// CHECK:         %[[F:.*]] = torch.aten.flatten.using_ints %[[P]], %int2, %int3 {{.*}} -> !torch.vtensor<[2,1,12],f32>
// CHECK:         %[[R:.*]] = torch.aten.flatten.using_ints %[[F]], %int0, %int1 {{.*}} -> !torch.vtensor<[2,12],f32>
// CHECK:         return %[[R]]
func.func @kron(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,12],f32> {
  %0 = torch.operator "aten::kron"(%a, %b) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,12],f32>
  return %0 : !torch.vtensor<[2,12],f32>
}

// -----

// cumprod: the product over a lower-triangular selection, whose size is
// read at run time; the result keeps its declared type through a cast.

// CHECK-LABEL: func.func @cumprod
// CHECK:         %[[N:.*]] = torch.aten.size.int %arg0, %int_1
// CHECK:         %[[I:.*]] = torch.aten.arange %[[N]], %int4
// CHECK:         %[[MASK:.*]] = torch.aten.le.Tensor {{.*}} -> !torch.vtensor<[?,?],i1>
// CHECK:         %[[X:.*]] = torch.aten.unsqueeze %arg0, %int_2
// CHECK:         %[[SEL:.*]] = torch.aten.where.ScalarOther %[[MASK]], %[[X]], %int1
// CHECK:         %[[P:.*]] = torch.aten.prod.dim_int %[[SEL]], %int_1, %false
// CHECK:         %[[R:.*]] = torch.tensor_static_info_cast %[[P]] : {{.*}} to !torch.vtensor<[?,5],f32>
// CHECK:         return %[[R]]
func.func @cumprod(%x: !torch.vtensor<[?,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.cumprod %x, %int1, %none : !torch.vtensor<[?,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
}

// -----

// median.dim: element (n - 1) // 2 of a sort; NaN, and the index of the
// first NaN, where the slice holds one.

// CHECK-LABEL: func.func @median_dim
// CHECK:         %[[N:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[M:.*]] = torch.aten.sub.int %[[N]], %int1
// CHECK:         %[[K:.*]] = torch.aten.floordiv.int %[[M]], %int2
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.sort %arg0, %int1, %false
// CHECK:         %[[VK:.*]] = torch.aten.select.int %[[V]], %int1, %[[K]]
// CHECK:         %[[IK:.*]] = torch.aten.select.int %[[I]], %int1, %[[K]]
// CHECK:         %[[ISNAN:.*]] = torch.aten.isnan %arg0
// CHECK:         %[[HASNAN:.*]] = torch.aten.any.dim %[[ISNAN]], %int1, %false
// CHECK:         %[[FIRST:.*]] = torch.aten.argmax
// CHECK:         %[[VALUE:.*]] = torch.aten.where.ScalarSelf %[[HASNAN]], %float{{.*}}, %[[VK]]
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self %[[HASNAN]], %[[FIRST]], %[[IK]]
// CHECK:         return %[[VALUE]], %[[INDEX]]
func.func @median_dim(%x: !torch.vtensor<[3,5],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0:2 = torch.operator "aten::median.dim"(%x, %int1, %false) : (!torch.vtensor<[3,5],f32>, !torch.int, !torch.bool) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>)
  return %0#0, %0#1 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
}

// -----

// meshgrid "xy": the first two inputs swapped, each input viewed along its
// own dim and expanded to every input's size, then the first two grids
// swapped back.

// CHECK-LABEL: func.func @meshgrid
// CHECK-DAG:     %[[NB:.*]] = torch.aten.size.int %arg1, %int0
// CHECK-DAG:     %[[NA:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %[[NB]], %[[NA]]
// CHECK:         %[[GB:.*]] = torch.aten.expand {{.*}}, %[[SHAPE]]
// CHECK:         %[[GA:.*]] = torch.aten.expand {{.*}}, %[[SHAPE]]
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[GA]], %[[GB]]
// CHECK:         torch.prim.ListUnpack %[[LIST]]
func.func @meshgrid(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>) {
  %xy = torch.constant.str "xy"
  %0 = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[3],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.meshgrid.indexing %0, %xy : !torch.list<vtensor>, !torch.str -> !torch.list<vtensor>
  %2:2 = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>
  return %2#0, %2#1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>
}

// -----

// tril_indices: a constant.

// CHECK-LABEL: func.func @tril_indices
// CHECK:         %[[R:.*]] = torch.vtensor.literal(dense<{{\[\[}}0, 1, 1], [0, 0, 1]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
// CHECK:         return %[[R]]
func.func @tril_indices() -> !torch.vtensor<[2,3],si64> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.tril_indices %int2, %int2, %int0, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],si64>
  return %0 : !torch.vtensor<[2,3],si64>
}

// -----

// huber_loss with the mean: quadratic below delta, linear above.

// CHECK-LABEL: func.func @huber_loss
// CHECK-DAG:     %[[HALF:.*]] = torch.constant.float 5.000000e-01
// CHECK-DAG:     %[[MINUS:.*]] = torch.constant.float -1.000000e+00
// CHECK-DAG:     %[[DELTA:.*]] = torch.constant.float 2.000000e+00
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %arg0, %arg1
// CHECK:         %[[Z:.*]] = torch.aten.abs %[[D]]
// CHECK:         %[[ZZ:.*]] = torch.aten.mul.Tensor %[[Z]], %[[Z]]
// CHECK:         %[[QUAD:.*]] = torch.aten.mul.Scalar %[[ZZ]], %[[HALF]]
// CHECK:         %[[SHIFT:.*]] = torch.aten.add.Scalar %[[Z]], %[[MINUS]]
// CHECK:         %[[LINE:.*]] = torch.aten.mul.Scalar %[[SHIFT]], %[[DELTA]]
// CHECK:         %[[BELOW:.*]] = torch.aten.lt.Scalar %[[Z]], %[[DELTA]]
// CHECK:         %[[LOSS:.*]] = torch.aten.where.self %[[BELOW]], %[[QUAD]], %[[LINE]]
// CHECK:         %[[R:.*]] = torch.aten.mean %[[LOSS]]
// CHECK:         return %[[R]]
func.func @huber_loss(%x: !torch.vtensor<[3,5],f32>, %t: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[],f32> {
  %int1 = torch.constant.int 1
  %delta = torch.constant.float 2.000000e+00
  %0 = torch.operator "aten::huber_loss"(%x, %t, %int1, %delta) : (!torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>, !torch.int, !torch.float) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// cosine_similarity of operands of different shapes: the norms are over
// the broadcast operands.

// CHECK-LABEL: func.func @cosine_similarity_broadcast
// CHECK:         %[[LIST:.*]] = torch.aten.broadcast_tensors
// CHECK:         %[[X:.*]]:2 = torch.prim.ListUnpack %[[LIST]]
// CHECK:         torch.aten.linalg_vector_norm %[[X]]#1
// CHECK:         torch.aten.clamp_min
// CHECK:         torch.aten.linalg_vector_norm %[[X]]#0
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor
// CHECK:         torch.aten.sum.dim_IntList %[[P]]
func.func @cosine_similarity_broadcast(%a: !torch.vtensor<[3,1,5],f32>, %b: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3,4],f32> {
  %int-1 = torch.constant.int -1
  %eps = torch.constant.float 1.0e-3
  %0 = torch.aten.cosine_similarity %a, %b, %int-1, %eps : !torch.vtensor<[3,1,5],f32>, !torch.vtensor<[4,5],f32>, !torch.int, !torch.float -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// ldexp of f16 by an integer exponent stays f16, as in PyTorch: 2^b, which
// exp2 gives in f32, is cast to f16 first.

// CHECK-LABEL: func.func @ldexp_half
// CHECK:         %[[P:.*]] = torch.aten.exp2 %arg1 : !torch.vtensor<[3],si64> -> !torch.vtensor<[3],f32>
// CHECK:         %[[H:.*]] = torch.aten.to.dtype %[[P]], %int5, {{.*}} -> !torch.vtensor<[3],f16>
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %arg0, %[[H]] {{.*}} -> !torch.vtensor<[3],f16>
// CHECK:         return %[[R]]
func.func @ldexp_half(%a: !torch.vtensor<[3],f16>, %b: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f16> {
  %0 = torch.aten.ldexp.Tensor %a, %b : !torch.vtensor<[3],f16>, !torch.vtensor<[3],si64> -> !torch.vtensor<[3],f16>
  return %0 : !torch.vtensor<[3],f16>
}

// -----

// vdot of real tensors is dot; the op is created with the same operands.

// CHECK-LABEL: func.func @vdot
// CHECK:         %[[R:.*]] = torch.aten.dot %arg0, %arg1
// CHECK:         return %[[R]]
func.func @vdot(%a: !torch.vtensor<[5],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[],f32> {
  %0 = torch.operator "aten::vdot"(%a, %b) : (!torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// ifftshift rolls every dim by half its size, rounded up.

// CHECK-LABEL: func.func @ifftshift
// CHECK-DAG:     %[[INT0:.*]] = torch.constant.int 0
// CHECK-DAG:     %[[INT1:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[INT3:.*]] = torch.constant.int 3
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %[[INT0]], %[[INT1]]
// CHECK:         %[[SHIFTS:.*]] = torch.prim.ListConstruct %[[INT3]], %[[INT3]]
// CHECK:         %[[R:.*]] = torch.aten.roll %arg0, %[[SHIFTS]], %[[DIMS]]
// CHECK:         return %[[R]]
func.func @ifftshift(%x: !torch.vtensor<[5,6],f32>) -> !torch.vtensor<[5,6],f32> {
  %none = torch.constant.none
  %0 = torch.operator "aten::fft_ifftshift"(%x, %none) : (!torch.vtensor<[5,6],f32>, !torch.none) -> !torch.vtensor<[5,6],f32>
  return %0 : !torch.vtensor<[5,6],f32>
}

// -----

// matrix_power: the identity for 0 (ones on a diagonal, shaped as the rows);
// x^3 as x times its square.

// CHECK-LABEL: func.func @matrix_power
// CHECK:         %[[ROW:.*]] = torch.aten.select.int %arg0
// CHECK:         %[[ONES:.*]] = torch.aten.ones_like %[[ROW]]
// CHECK:         torch.aten.where.ScalarOther
// CHECK:         %[[EYE:.*]] = torch.tensor_static_info_cast {{.*}} to !torch.vtensor<[2,3,3],f32>
// CHECK:         %[[SQUARE:.*]] = torch.aten.matmul %arg0, %arg0
// CHECK:         %[[CUBE:.*]] = torch.aten.matmul %arg0, %[[SQUARE]]
// CHECK:         return %[[EYE]], %[[CUBE]]
func.func @matrix_power(%x: !torch.vtensor<[2,3,3],f32>) -> (!torch.vtensor<[2,3,3],f32>, !torch.vtensor<[2,3,3],f32>) {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %0 = torch.operator "aten::linalg_matrix_power"(%x, %int0) : (!torch.vtensor<[2,3,3],f32>, !torch.int) -> !torch.vtensor<[2,3,3],f32>
  %1 = torch.operator "aten::linalg_matrix_power"(%x, %int3) : (!torch.vtensor<[2,3,3],f32>, !torch.int) -> !torch.vtensor<[2,3,3],f32>
  return %0, %1 : !torch.vtensor<[2,3,3],f32>, !torch.vtensor<[2,3,3],f32>
}

// -----

// tensordot whose contracted dims have sizes 1 and 4: PyTorch sums b's dim
// of 4 first, as broadcasting.

// CHECK-LABEL: func.func @tensordot_broadcast
// CHECK:         %[[B:.*]] = torch.aten.sum.dim_IntList %arg1, {{.*}} -> !torch.vtensor<[3,5,1],f32>
// CHECK:         torch.aten.permute %[[B]]
// CHECK:         torch.aten.mm {{.*}} -> !torch.vtensor<[2,5],f32>
func.func @tensordot_broadcast(%a: !torch.vtensor<[1,3,2],f32>, %b: !torch.vtensor<[3,5,4],f32>) -> !torch.vtensor<[2,5],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %da = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %db = torch.prim.ListConstruct %int2, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::tensordot"(%a, %b, %da, %db) : (!torch.vtensor<[1,3,2],f32>, !torch.vtensor<[3,5,4],f32>, !torch.list<int>, !torch.list<int>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// sum_to_size: a sum keeping the dims where the size has a 1, then one
// over the leading dims.

// CHECK-LABEL: func.func @sum_to_size
// CHECK:         %[[KEPT:.*]] = torch.aten.sum.dim_IntList %arg0, {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.sum.dim_IntList %[[KEPT]], {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         return %[[R]]
func.func @sum_to_size(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[3,1],f32> {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %size = torch.prim.ListConstruct %int3, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::sum_to_size"(%x, %size) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>) -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// A functional copy with a list result is its view op.

// CHECK-LABEL: func.func @split_with_sizes_copy
// CHECK:         %[[R:.*]] = torch.aten.split_with_sizes %arg0
// CHECK:         return %[[R]]
func.func @split_with_sizes_copy(%x: !torch.vtensor<[2,4],f32>) -> !torch.list<vtensor> {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %sizes = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::split_with_sizes_copy"(%x, %sizes, %int1) : (!torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.int) -> !torch.list<vtensor>
  return %0 : !torch.list<vtensor>
}

// -----

// entr: -x log(x), -inf below 0 and 0 at 0.

// CHECK-LABEL: func.func @entr
// CHECK-DAG:     %[[NEGINF:.*]] = torch.constant.float 0xFFF0000000000000
// CHECK:         %[[LOG:.*]] = torch.aten.log %arg0
// CHECK:         %[[PRODUCT:.*]] = torch.aten.mul.Tensor %arg0, %[[LOG]]
// CHECK:         %[[E:.*]] = torch.aten.neg %[[PRODUCT]]
// CHECK:         %[[BELOW:.*]] = torch.aten.lt.Scalar %arg0
// CHECK:         %[[E2:.*]] = torch.aten.where.ScalarSelf %[[BELOW]], %[[NEGINF]], %[[E]]
// CHECK:         %[[ZERO:.*]] = torch.aten.eq.Scalar %arg0
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarSelf %[[ZERO]], {{.*}}, %[[E2]]
// CHECK:         return %[[R]]
func.func @entr(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.operator "aten::special_entr"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// _unique2: unique_consecutive of the sorted elements, whose result sizes
// depend on the values; the inverse indices are scattered back to where the
// sort took each element from, in x's shape.

// CHECK-LABEL: func.func @unique
// CHECK:         %[[FLAT:.*]] = torch.aten.flatten.using_ints %arg0
// CHECK:         %[[SORTED:.*]], %[[ORDER:.*]] = torch.aten.sort %[[FLAT]]
// CHECK:         %[[U:.*]], %[[INV:.*]], %[[COUNTS:.*]] = torch.aten.unique_consecutive %[[SORTED]], {{.*}} -> !torch.vtensor<[?],f32>, !torch.vtensor<[20],si64>, !torch.vtensor<[?],si64>
// CHECK:         %[[ZEROS:.*]] = torch.aten.zeros_like %[[ORDER]]
// CHECK:         %[[PLACED:.*]] = torch.aten.scatter.src %[[ZEROS]], %{{.*}}, %[[ORDER]], %[[INV]]
// CHECK:         %[[SHAPED:.*]] = torch.aten.reshape %[[PLACED]]
// CHECK:         %[[CAST:.*]] = torch.tensor_static_info_cast %[[SHAPED]] {{.*}} to !torch.vtensor<[4,5],si64>
// CHECK:         return %[[U]], %[[CAST]], %[[COUNTS]]
func.func @unique(%x: !torch.vtensor<[4,5],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[4,5],si64>, !torch.vtensor<[?],si64>) {
  %true = torch.constant.bool true
  %0:3 = torch.operator "aten::_unique2"(%x, %true, %true, %true) : (!torch.vtensor<[4,5],f32>, !torch.bool, !torch.bool, !torch.bool) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[4,5],si64>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1, %0#2 : !torch.vtensor<[?],f32>, !torch.vtensor<[4,5],si64>, !torch.vtensor<[?],si64>
}

// -----

// triplet_margin_loss with swap: the smaller of the two negative distances
// (pairwise distances, which decompose in turn).

// CHECK-LABEL: func.func @triplet_margin_loss
// CHECK:         torch.aten.sub.Tensor %arg0, %arg2
// CHECK:         %[[AN:.*]] = torch.aten.linalg_vector_norm
// CHECK:         torch.aten.sub.Tensor %arg1, %arg2
// CHECK:         %[[PN:.*]] = torch.aten.linalg_vector_norm
// CHECK:         %[[NEG:.*]] = torch.aten.minimum %[[AN]], %[[PN]]
// CHECK:         torch.aten.sub.Tensor %arg0, %arg1
// CHECK:         %[[AP:.*]] = torch.aten.linalg_vector_norm
// CHECK:         %[[DIFF:.*]] = torch.aten.sub.Tensor %[[AP]], %[[NEG]]
// CHECK:         %[[GAP:.*]] = torch.aten.add.Scalar %[[DIFF]]
// CHECK:         %[[LOSS:.*]] = torch.aten.clamp_min %[[GAP]]
// CHECK:         %[[R:.*]] = torch.aten.mean %[[LOSS]]
// CHECK:         return %[[R]]
func.func @triplet_margin_loss(%a: !torch.vtensor<[4,6],f32>, %p: !torch.vtensor<[4,6],f32>, %n: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[],f32> {
  %margin = torch.constant.float 1.000000e+00
  %norm = torch.constant.float 2.000000e+00
  %eps = torch.constant.float 9.9999999999999995E-7
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %0 = torch.operator "aten::triplet_margin_loss"(%a, %p, %n, %margin, %norm, %eps, %true, %int1) : (!torch.vtensor<[4,6],f32>, !torch.vtensor<[4,6],f32>, !torch.vtensor<[4,6],f32>, !torch.float, !torch.float, !torch.float, !torch.bool, !torch.int) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}
