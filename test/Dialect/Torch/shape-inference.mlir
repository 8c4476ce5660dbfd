// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// Unary ops keep the input's shape; float functions of ints give f32.

// CHECK-LABEL: func.func @unary
// CHECK-SAME: -> (!torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],f32>, !torch.vtensor<[2,?],i1>, !torch.vtensor<[2,?],si64>)
// CHECK: torch.aten.relu %{{.*}} -> !torch.vtensor<[2,?],f32>
// CHECK: torch.aten.sin %{{.*}} -> !torch.vtensor<[2,?],f32>
// CHECK: torch.aten.isnan %{{.*}} -> !torch.vtensor<[2,?],i1>
// CHECK: torch.aten.neg %{{.*}} -> !torch.vtensor<[2,?],si64>
func.func @unary(%x: !torch.vtensor<[2,?],f32>, %i: !torch.vtensor<[2,?],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %0 = torch.aten.relu %x : !torch.vtensor<[2,?],f32> -> !torch.vtensor
  %1 = torch.aten.sin %i : !torch.vtensor<[2,?],si64> -> !torch.vtensor
  %2 = torch.aten.isnan %x : !torch.vtensor<[2,?],f32> -> !torch.vtensor
  %3 = torch.aten.neg %i : !torch.vtensor<[2,?],si64> -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Activations with scalar operands.

// CHECK-LABEL: func.func @activations
// CHECK: torch.aten.leaky_relu %{{.*}} -> !torch.vtensor<[3,4],f16>
// CHECK: torch.aten.gelu %{{.*}} -> !torch.vtensor<[3,4],f16>
// CHECK: torch.aten.hardtanh %{{.*}} -> !torch.vtensor<[3,4],f16>
// CHECK: torch.aten.dropout %{{.*}} -> !torch.vtensor<[3,4],f16>
func.func @activations(%x: !torch.vtensor<[3,4],f16>) -> !torch.vtensor {
  %float = torch.constant.float 1.000000e-01
  %0 = torch.aten.leaky_relu %x, %float : !torch.vtensor<[3,4],f16>, !torch.float -> !torch.vtensor
  %str = torch.constant.str "tanh"
  %1 = torch.aten.gelu %0, %str : !torch.vtensor, !torch.str -> !torch.vtensor
  %min = torch.constant.float -1.000000e+00
  %max = torch.constant.float 1.000000e+00
  %2 = torch.aten.hardtanh %1, %min, %max : !torch.vtensor, !torch.float, !torch.float -> !torch.vtensor
  %false = torch.constant.bool false
  %3 = torch.aten.dropout %2, %float, %false : !torch.vtensor, !torch.float, !torch.bool -> !torch.vtensor
  return %3 : !torch.vtensor
}

// -----

// Binary ops broadcast.

// CHECK-LABEL: func.func @broadcast
// CHECK: torch.aten.add.Tensor %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK: torch.aten.mul.Tensor %{{.*}} -> !torch.vtensor<[5,?,4],f32>
// CHECK: torch.aten.sub.Tensor %{{.*}} -> !torch.vtensor<[?],f32>
func.func @broadcast(%a: !torch.vtensor<[2,1,4],f32>, %b: !torch.vtensor<[3,1],f32>, %c: !torch.vtensor<[5,?,1],f32>, %d: !torch.vtensor<[?],f32>, %e: !torch.vtensor<[?],f32>, %f: !torch.vtensor<[4],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,1,4],f32>, !torch.vtensor<[3,1],f32>, !torch.int -> !torch.vtensor
  %1 = torch.aten.mul.Tensor %c, %f : !torch.vtensor<[5,?,1],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor
  %2 = torch.aten.sub.Tensor %d, %e, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Type promotion: float beats int, the wider float wins among tensors of
// rank > 0, 0-d tensors and Python scalars only raise the category.

// CHECK-LABEL: func.func @promotion
// CHECK: torch.aten.add.Tensor %arg0, %arg1, %{{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.add.Tensor %arg1, %arg2, %{{.*}} -> !torch.vtensor<[4],f64>
// CHECK: torch.aten.mul.Tensor %arg1, %arg3 {{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.mul.Tensor %arg0, %arg3 {{.*}} -> !torch.vtensor<[4],f64>
// CHECK: torch.aten.mul.Scalar %arg4, %{{.*}} -> !torch.vtensor<[4],si32>
// CHECK: torch.aten.mul.Scalar %arg4, %{{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.add.Tensor %arg5, %arg4, %{{.*}} -> !torch.vtensor<[4],si32>
// CHECK: torch.aten.add.Tensor %arg6, %arg1, %{{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.add.Tensor %arg6, %arg7, %{{.*}} -> !torch.vtensor<[4],f32>
func.func @promotion(%i64: !torch.vtensor<[4],si64>, %f32: !torch.vtensor<[4],f32>, %f64: !torch.vtensor<[4],f64>, %scalar_f64: !torch.vtensor<[],f64>, %i32: !torch.vtensor<[4],si32>, %u8: !torch.vtensor<[4],ui8>, %f16: !torch.vtensor<[4],f16>, %bf16: !torch.vtensor<[4],bf16>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %float = torch.constant.float 2.500000e+00
  %0 = torch.aten.add.Tensor %i64, %f32, %int1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor
  %1 = torch.aten.add.Tensor %f32, %f64, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f64>, !torch.int -> !torch.vtensor
  // A 0-d f64 does not widen an f32 tensor ...
  %2 = torch.aten.mul.Tensor %f32, %scalar_f64 : !torch.vtensor<[4],f32>, !torch.vtensor<[],f64> -> !torch.vtensor
  // ... but makes an int tensor float.
  %3 = torch.aten.mul.Tensor %i64, %scalar_f64 : !torch.vtensor<[4],si64>, !torch.vtensor<[],f64> -> !torch.vtensor
  %4 = torch.aten.mul.Scalar %i32, %int1 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor
  %5 = torch.aten.mul.Scalar %i32, %float : !torch.vtensor<[4],si32>, !torch.float -> !torch.vtensor
  // uint8 with a signed type gives at least 16 bits.
  %6 = torch.aten.add.Tensor %u8, %i32, %int1 : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor
  %7 = torch.aten.add.Tensor %f16, %f32, %int1 : !torch.vtensor<[4],f16>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor
  // f16 with bf16 gives f32.
  %8 = torch.aten.add.Tensor %f16, %bf16, %int1 : !torch.vtensor<[4],f16>, !torch.vtensor<[4],bf16>, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Comparisons give bool; true division gives float; floor division and
// division with a rounding mode keep ints.

// CHECK-LABEL: func.func @comparison_division
// CHECK: torch.aten.gt.Tensor %{{.*}} -> !torch.vtensor<[2,3],i1>
// CHECK: torch.aten.eq.Scalar %{{.*}} -> !torch.vtensor<[2,3],i1>
// CHECK: torch.aten.div.Tensor %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK: torch.aten.div.Tensor_mode %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.floor_divide %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.logical_and %{{.*}} -> !torch.vtensor<[2,3],i1>
func.func @comparison_division(%a: !torch.vtensor<[2,3],si64>, %b: !torch.vtensor<[3],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %0 = torch.aten.gt.Tensor %a, %b : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor
  %int0 = torch.constant.int 0
  %1 = torch.aten.eq.Scalar %a, %int0 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor
  %2 = torch.aten.div.Tensor %a, %b : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor
  %str = torch.constant.str "floor"
  %3 = torch.aten.div.Tensor_mode %a, %b, %str : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64>, !torch.str -> !torch.vtensor
  %4 = torch.aten.floor_divide %a, %b : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor
  %5 = torch.aten.logical_and %0, %1 : !torch.vtensor, !torch.vtensor -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Python's &, | and ^ on tensors broadcast and promote like the bitwise
// ops: bool with bool stays bool.

// CHECK-LABEL: func.func @python_bitwise_operators
// CHECK: torch.aten.__and__.Tensor %{{.*}} -> !torch.vtensor<[2,3],i1>
// CHECK: torch.aten.__or__.Tensor %{{.*}} -> !torch.vtensor<[2,3],i1>
// CHECK: torch.aten.__xor__.Tensor %{{.*}} -> !torch.vtensor<[2,3],si32>
// CHECK: torch.aten.__and__.Scalar %{{.*}} -> !torch.vtensor<[3],si32>
// CHECK: torch.aten.__or__.Scalar %{{.*}} -> !torch.vtensor<[2,3],i1>
// CHECK: torch.aten.__xor__.Scalar %{{.*}} -> !torch.vtensor<[3],si32>
func.func @python_bitwise_operators(%a: !torch.vtensor<[2,3],i1>, %b: !torch.vtensor<[3],i1>, %c: !torch.vtensor<[3],si32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %0 = torch.aten.__and__.Tensor %a, %b : !torch.vtensor<[2,3],i1>, !torch.vtensor<[3],i1> -> !torch.vtensor
  %1 = torch.aten.__or__.Tensor %0, %a : !torch.vtensor, !torch.vtensor<[2,3],i1> -> !torch.vtensor
  %2 = torch.aten.__xor__.Tensor %1, %c : !torch.vtensor, !torch.vtensor<[3],si32> -> !torch.vtensor
  %3 = torch.aten.__and__.Scalar %c, %int1 : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor
  %4 = torch.aten.__or__.Scalar %1, %true : !torch.vtensor, !torch.bool -> !torch.vtensor
  %5 = torch.aten.__xor__.Scalar %c, %true : !torch.vtensor<[3],si32>, !torch.bool -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// where broadcasts its three operands and promotes the two values; clamp
// keeps the shape.

// CHECK-LABEL: func.func @where_clamp
// CHECK: torch.aten.where.self %{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK: torch.aten.where.ScalarOther %{{.*}} -> !torch.vtensor<[2,5],si64>
// CHECK: torch.aten.clamp %{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK: torch.aten.clamp %{{.*}} -> !torch.vtensor<[2,5],si64>
// CHECK: torch.aten.masked_fill.Scalar %{{.*}} -> !torch.vtensor<[2,5],f32>
func.func @where_clamp(%cond: !torch.vtensor<[2,1],i1>, %x: !torch.vtensor<[5],f32>, %y: !torch.vtensor<[2,5],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %0 = torch.aten.where.self %cond, %x, %y : !torch.vtensor<[2,1],i1>, !torch.vtensor<[5],f32>, !torch.vtensor<[2,5],si64> -> !torch.vtensor
  %int0 = torch.constant.int 0
  %1 = torch.aten.where.ScalarOther %cond, %y, %int0 : !torch.vtensor<[2,1],i1>, !torch.vtensor<[2,5],si64>, !torch.int -> !torch.vtensor
  %none = torch.constant.none
  %float = torch.constant.float 6.0
  %2 = torch.aten.clamp %0, %none, %float : !torch.vtensor, !torch.none, !torch.float -> !torch.vtensor
  %int6 = torch.constant.int 6
  %3 = torch.aten.clamp %y, %int0, %int6 : !torch.vtensor<[2,5],si64>, !torch.int, !torch.int -> !torch.vtensor
  %4 = torch.aten.masked_fill.Scalar %x, %cond, %float : !torch.vtensor<[5],f32>, !torch.vtensor<[2,1],i1>, !torch.float -> !torch.vtensor
  return %0, %1, %2, %3, %4 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Dtype conversions.

// CHECK-LABEL: func.func @dtypes
// CHECK: torch.aten.to.dtype %{{.*}} -> !torch.vtensor<[2,3],f16>
// CHECK: torch.aten.type_as %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.to.dtype %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.zeros_like %{{.*}} -> !torch.vtensor<[2,3],i1>
func.func @dtypes(%x: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[4],si64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int5 = torch.constant.int 5
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %x, %int5, %false, %false, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor
  %1 = torch.aten.type_as %x, %y : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],si64> -> !torch.vtensor
  %dtype = torch.prim.dtype %y : !torch.vtensor<[4],si64> -> !torch.int
  %2 = torch.aten.to.dtype %x, %dtype, %false, %false, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor
  %int11 = torch.constant.int 11
  %3 = torch.aten.zeros_like %x, %int11, %none, %none, %none, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// An op without a rule keeps its type; the function's result types follow
// the returned values.

// CHECK-LABEL: func.func @unknown_op
// CHECK-SAME: -> (!torch.vtensor<[7],f32>, !torch.vtensor<[3],f32>)
// CHECK: torch.operator "foo::bar"(%{{.*}}) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[7],f32>
// CHECK: torch.aten.relu %{{.*}} : !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
func.func @unknown_op(%x: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[7],f32>, !torch.vtensor) {
  %0 = torch.operator "foo::bar"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[7],f32>
  %1 = torch.aten.relu %x : !torch.vtensor<[3],f32> -> !torch.vtensor
  return %0, %1 : !torch.vtensor<[7],f32>, !torch.vtensor
}

// -----

// What the current types know is kept when the inference knows less.

// CHECK-LABEL: func.func @keeps_known
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[6,?],f32>
func.func @keeps_known(%x: !torch.vtensor<[?,?],f32>, %n: !torch.int) -> !torch.vtensor<[6,?],f32> {
  %int6 = torch.constant.int 6
  %l = torch.prim.ListConstruct %n, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,?],f32>, !torch.list<int> -> !torch.vtensor<[6,?],f32>
  return %0 : !torch.vtensor<[6,?],f32>
}

// -----

// `prim::unchecked_cast` of a value that already has the checked type
// passes its type through, and a tuple element read through it has the
// element's type.

// CHECK-LABEL: func.func @unchecked_cast
// CHECK: torch.operator "prim::unchecked_cast"(%{{.*}}) : (!torch.tuple<vtensor<[1,2],f32>, vtensor<[3],f32>>) -> !torch.tuple<vtensor<[1,2],f32>, vtensor<[3],f32>>
// CHECK: torch.prim.TupleIndex %{{.*}} -> !torch.vtensor<[3],f32>
// CHECK: torch.aten.relu %{{.*}} -> !torch.vtensor<[3],f32>
func.func @unchecked_cast(%h: !torch.vtensor<[1,2],f32>, %c: !torch.vtensor<[3],f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %t = torch.prim.TupleConstruct %h, %c : !torch.vtensor<[1,2],f32>, !torch.vtensor<[3],f32> -> !torch.tuple<vtensor, vtensor>
  %0 = torch.operator "prim::unchecked_cast"(%t) : (!torch.tuple<vtensor, vtensor>) -> !torch.tuple<vtensor, vtensor>
  %1 = torch.prim.TupleIndex %0, %int1 : !torch.tuple<vtensor, vtensor>, !torch.int -> !torch.vtensor
  %2 = torch.aten.relu %1 : !torch.vtensor -> !torch.vtensor
  return %2 : !torch.vtensor
}

// -----

// nonzero gives si64 indices of shape [count, rank]; the count depends on
// the data.
// CHECK-LABEL: func.func @nonzero
// CHECK: torch.aten.nonzero %{{.*}} -> !torch.vtensor<[?,3],si64>
// CHECK: torch.aten.nonzero %{{.*}} -> !torch.vtensor<[?,?],si64>
func.func @nonzero(%x: !torch.vtensor<[2,?,4],f32>, %y: !torch.vtensor<*,i1>) -> (!torch.vtensor, !torch.vtensor) {
  %0 = torch.aten.nonzero %x : !torch.vtensor<[2,?,4],f32> -> !torch.vtensor
  %1 = torch.aten.nonzero %y : !torch.vtensor<*,i1> -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}
