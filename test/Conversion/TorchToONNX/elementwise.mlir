// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[ADD:.*]] = "onnx.Add"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[ADD]]
func.func @forward(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// alpha scales the other operand; a Python scalar becomes a 0-d constant
// of the tensor's type.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[ALPHA:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e+00> : tensor<f32>}
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[B]], %[[ALPHA]])
// CHECK: %[[SUB:.*]] = "onnx.Sub"(%[[A]], %[[SCALED]])
// CHECK: %[[HALF:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[MUL:.*]] = "onnx.Mul"(%[[SUB]], %[[HALF]])
// CHECK: return %[[MUL]]
func.func @forward(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  %half = torch.constant.float 5.000000e-01
  %0 = torch.aten.sub.Tensor %a, %b, %int2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.mul.Scalar %0, %half : !torch.vtensor<[2,3],f32>, !torch.float -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}

// -----

// Integer operands of a true division are cast to the float result type.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>, %[[B:.*]]: tensor<4xi64>)
// CHECK-DAG: %[[CA:.*]] = "onnx.Cast"(%[[A]]) {to = 1 : si64} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK-DAG: %[[CB:.*]] = "onnx.Cast"(%[[B]]) {to = 1 : si64} : (tensor<4xi64>) -> tensor<4xf32>
// CHECK: "onnx.Div"(%[[CA]], %[[CB]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @forward(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.div.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Floor division of floats: Div then Floor.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[DIV:.*]] = "onnx.Div"
// CHECK: "onnx.Floor"(%[[DIV]])
func.func @forward(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "floor"
  %0 = torch.aten.div.Tensor_mode %a, %b, %str : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// rsub: other - self * alpha.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<f32>}
// CHECK: "onnx.Sub"(%[[ONE]], %[[A]])
func.func @forward(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.rsub.Scalar %a, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Comparisons promote: an integer tensor against a float scalar compares
// as float.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>)
// CHECK: %[[CAST:.*]] = "onnx.Cast"(%[[A]]) {to = 1 : si64}
// CHECK: %[[C:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: "onnx.Greater"(%[[CAST]], %[[C]]) : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
func.func @forward(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],i1> {
  %half = torch.constant.float 5.000000e-01
  %0 = torch.aten.gt.Scalar %a, %half : !torch.vtensor<[4],si64>, !torch.float -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// A 0-d f64 tensor against an integer tensor promotes as torch.result_type
// does: to f64, the 0-d tensor's dtype, since its category is higher.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:[^:]*]]: tensor<3xi64>, %[[B:[^:]*]]: tensor<f64>)
// CHECK: %[[CAST:.*]] = "onnx.Cast"(%[[A]]) {to = 11 : si64} : (tensor<3xi64>) -> tensor<3xf64>
// CHECK: "onnx.Less"(%[[CAST]], %[[B]]) : (tensor<3xf64>, tensor<f64>) -> tensor<3xi1>
func.func @forward(%a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[],f64>) -> !torch.vtensor<[3],i1> {
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[3],si64>, !torch.vtensor<[],f64> -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

// ne is Not(Equal).
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[EQ:.*]] = "onnx.Equal"
// CHECK: "onnx.Not"(%[[EQ]])
func.func @forward(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.ne.Tensor %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// Unary math: rsqrt is Reciprocal of Sqrt; an integer input is cast first.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xi64>)
// CHECK: %[[CAST:.*]] = "onnx.Cast"(%[[A]]) {to = 1 : si64}
// CHECK: %[[SQRT:.*]] = "onnx.Sqrt"(%[[CAST]])
// CHECK: "onnx.Reciprocal"(%[[SQRT]])
func.func @forward(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.rsqrt %a : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Exp"
// CHECK: "onnx.Log"
// CHECK: "onnx.Abs"
// CHECK: "onnx.Neg"
// CHECK: "onnx.Erf"
// CHECK: "onnx.Floor"
// CHECK: "onnx.Ceil"
// CHECK: "onnx.Sin"
// CHECK: "onnx.Cos"
func.func @forward(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.exp %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.log %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.abs %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.neg %2 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %4 = torch.aten.erf %3 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %5 = torch.aten.floor %4 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %6 = torch.aten.ceil %5 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %7 = torch.aten.sin %6 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %8 = torch.aten.cos %7 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %8 : !torch.vtensor<[4],f32>
}

// -----

// pow with a scalar exponent.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK: %[[E:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e+00> : tensor<f32>}
// CHECK: "onnx.Pow"(%[[A]], %[[E]])
func.func @forward(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.pow.Tensor_Scalar %a, %int2 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// clamp: Clip with 0-d bounds; a missing bound is onnx.NoValue.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK-DAG: %[[MIN:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK-DAG: %[[NONE:.*]] = "onnx.NoValue"() : () -> none
// CHECK: "onnx.Clip"(%[[A]], %[[MIN]], %[[NONE]])
func.func @forward(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.clamp %a, %int0, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// where.self and masked_fill.Scalar: Where.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[C:.*]]: tensor<4xi1>, %[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[W:.*]] = "onnx.Where"(%[[C]], %[[A]], %[[B]])
// CHECK: %[[V:.*]] = "onnx.Initializer"() {name = "", value = dense<-1.000000e+04> : tensor<f32>}
// CHECK: "onnx.Where"(%[[C]], %[[V]], %[[W]])
func.func @forward(%c: !torch.vtensor<[4],i1>, %a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %v = torch.constant.float -1.000000e+04
  %0 = torch.aten.where.self %c, %a, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.masked_fill.Scalar %0, %c, %v : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>, !torch.float -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// Casts: to.dtype becomes Cast; a cast to the same type and clone/detach
// forward their operand.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK-NOT: onnx.Identity
// CHECK: %[[CAST:.*]] = "onnx.Cast"(%[[A]]) {to = 7 : si64} : (tensor<4xf32>) -> tensor<4xi64>
// CHECK: return %[[CAST]]
func.func @forward(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],si64> {
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.clone %a, %none : !torch.vtensor<[4],f32>, !torch.none -> !torch.vtensor<[4],f32>
  %1 = torch.aten.to.dtype %0, %int6, %false, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  %2 = torch.aten.detach %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.to.dtype %2, %int4, %false, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],si64>
  return %3 : !torch.vtensor<[4],si64>
}

// -----

// Logical ops on bools.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[AND:.*]] = "onnx.And"
// CHECK: "onnx.Not"(%[[AND]])
func.func @forward(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.logical_and %a, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.bitwise_not %0 : !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %1 : !torch.vtensor<[4],i1>
}

// -----

// Python's &, | and ^ on bool tensors and scalars.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[A:.*]]: tensor<4xi1>, %[[B:.*]]: tensor<4xi1>)
// CHECK: %[[AND:.*]] = "onnx.And"(%[[A]], %[[B]])
// CHECK: %[[TRUE:.*]] = "onnx.Initializer"() {name = "", value = dense<true> : tensor<i1>}
// CHECK: %[[OR:.*]] = "onnx.Or"(%[[AND]], %[[TRUE]])
// CHECK: %[[XOR:.*]] = "onnx.Xor"(%[[OR]], %[[B]])
// CHECK: return %[[XOR]]
func.func @forward(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %true = torch.constant.bool true
  %0 = torch.aten.__and__.Tensor %a, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.__or__.Scalar %0, %true : !torch.vtensor<[4],i1>, !torch.bool -> !torch.vtensor<[4],i1>
  %2 = torch.aten.__xor__.Tensor %1, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %2 : !torch.vtensor<[4],i1>
}
