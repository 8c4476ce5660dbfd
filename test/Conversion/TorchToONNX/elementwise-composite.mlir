// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Unary functions that ONNX composes: erfc is 1 - erf, sinc is
// sin(pi x) / (pi x) with 1 at 0, deg2rad a product.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[ERF:.*]] = "onnx.Erf"(%arg0)
// CHECK: "onnx.Sub"(%{{.*}}, %[[ERF]])
// CHECK: %[[PIX:.*]] = "onnx.Mul"(%arg0, %{{.*}})
// CHECK: %[[SIN:.*]] = "onnx.Sin"(%[[PIX]])
// CHECK: %[[RATIO:.*]] = "onnx.Div"(%[[SIN]], %[[PIX]])
// CHECK: %[[ZERO:.*]] = "onnx.Equal"(%arg0, %{{.*}})
// CHECK: "onnx.Where"(%[[ZERO]], %{{.*}}, %[[RATIO]])
// CHECK: "onnx.Mul"(%arg0, %{{.*}})
func.func @forward(%x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.erfc %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.sinc %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.deg2rad %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0, %1, %2 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// Predicates: isfinite is neither inf nor NaN; isposinf is IsInf of one
// sign; an integer is always finite; signbit also catches -0.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[INF:.*]] = "onnx.IsInf"(%arg0) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%arg0) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[SPECIAL:.*]] = "onnx.Or"(%[[INF]], %[[NAN]])
// CHECK: "onnx.Not"(%[[SPECIAL]])
// CHECK: "onnx.IsInf"(%arg0) {detect_negative = 0 : si64, detect_positive = 1 : si64}
// CHECK: "onnx.Equal"(%arg1, %arg1) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
// CHECK: %[[NEG:.*]] = "onnx.Less"(%arg0, %{{.*}})
// CHECK: %[[RECIP:.*]] = "onnx.Reciprocal"(%arg0)
// CHECK: "onnx.Or"(%[[NEG]], %{{.*}})
func.func @forward(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.isfinite %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.isposinf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.isfinite %i : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %3 = torch.aten.signbit %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// Binary functions: atan2 turns atan(y / x) by pi where x < 0, divides two
// infinities as their signs and is 0 at the origin; logaddexp adds log(1 + exp(-|a - b|)) to the larger; xlogy
// is 0 where x is 0 unless y is NaN; heaviside takes `values` at 0.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Y:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %arg0)
// CHECK: %[[X:.*]] = "onnx.Where"(%{{.*}}, %{{.*}}, %arg1)
// CHECK: %[[Q:.*]] = "onnx.Div"(%[[Y]], %[[X]])
// CHECK: %[[ATAN:.*]] = "onnx.Atan"(%[[Q]])
// CHECK: "onnx.Add"(%[[ATAN]], %{{.*}})
// CHECK: %[[ORIGIN:.*]] = "onnx.And"
// CHECK: "onnx.Where"(%[[ORIGIN]]
// CHECK: "onnx.Max"(%arg0, %arg1)
// CHECK: "onnx.Abs"
// CHECK: "onnx.Exp"
// CHECK: "onnx.Log"
// CHECK: "onnx.Where"
// CHECK: %[[LOGY:.*]] = "onnx.Log"(%arg1)
// CHECK: "onnx.Mul"(%arg0, %[[LOGY]])
// CHECK: "onnx.IsNaN"(%arg1)
// CHECK: %[[POS:.*]] = "onnx.Greater"(%arg0, %{{.*}})
// CHECK: %[[STEP:.*]] = "onnx.Cast"(%[[POS]]) {to = 1 : si64}
// CHECK: %[[AT0:.*]] = "onnx.Equal"(%arg0, %{{.*}})
// CHECK: "onnx.Where"(%[[AT0]], %arg1, %[[STEP]])
func.func @forward(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.atan2 %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.logaddexp %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %2 = torch.aten.xlogy.Tensor %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.heaviside %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// logit clamps to [eps, 1 - eps] first; isclose keeps a finite error within
// atol + |rtol * b|, or equal values.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[X:.*]] = "onnx.Clip"(%arg0, %{{.*}}, %{{.*}})
// CHECK: %[[REST:.*]] = "onnx.Sub"(%{{.*}}, %[[X]])
// CHECK: %[[R:.*]] = "onnx.Div"(%[[X]], %[[REST]])
// CHECK: "onnx.Log"(%[[R]])
// CHECK: "onnx.Equal"(%arg0, %arg1)
// CHECK: "onnx.LessOrEqual"
func.func @forward(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>) {
  %eps = torch.constant.float 1.000000e-02
  %rtol = torch.constant.float 1.000000e-05
  %atol = torch.constant.float 1.000000e-08
  %false = torch.constant.bool false
  %0 = torch.aten.logit %a, %eps : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  %1 = torch.aten.isclose %a, %b, %rtol, %atol, %false : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[4],i1>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>
}


// -----

// round.decimals scales by 10^d around Round; negative d divides first.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[S:.*]] = "onnx.Mul"(%arg0, %[[TEN:.*]])
// CHECK: %[[R:.*]] = "onnx.Round"(%[[S]])
// CHECK: "onnx.Div"(%[[R]], %[[TEN]])
// CHECK: %[[D:.*]] = "onnx.Div"(%arg0, %{{.*}})
// CHECK: %[[R2:.*]] = "onnx.Round"(%[[D]])
// CHECK: "onnx.Mul"(%[[R2]], %{{.*}})
func.func @forward(%x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %int2 = torch.constant.int 2
  %m1 = torch.constant.int -1
  %0 = torch.aten.round.decimals %x, %int2 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  %1 = torch.aten.round.decimals %x, %m1 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// cross: a1 * b2 - a2 * b1, the components rotated by Gathers along the dim.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 2, 0]> : tensor<3xi64>
// CHECK: %[[A1:.*]] = "onnx.Gather"(%arg0, %[[ONE]]) {axis = 1 : si64}
// CHECK: %[[TWO:.*]] = "onnx.Initializer"() {{.*}}dense<[2, 0, 1]> : tensor<3xi64>
// CHECK: %[[A2:.*]] = "onnx.Gather"(%arg0, %[[TWO]]) {axis = 1 : si64}
// CHECK: %[[B1:.*]] = "onnx.Gather"(%arg1, %{{.*}}) {axis = 1 : si64}
// CHECK: %[[B2:.*]] = "onnx.Gather"(%arg1, %{{.*}}) {axis = 1 : si64}
// CHECK: %[[P:.*]] = "onnx.Mul"(%[[A1]], %[[B2]])
// CHECK: %[[Q:.*]] = "onnx.Mul"(%[[A2]], %[[B1]])
// CHECK: "onnx.Sub"(%[[P]], %[[Q]])
func.func @forward(%a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %m1 = torch.constant.int -1
  %0 = torch.aten.linalg_cross %a, %b, %m1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.int -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// atan2 and logaddexp of operands that broadcast: each Where has the
// broadcast type of its own operands, which may be narrower than the
// result's.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<5x1xi1>, tensor<f32>, tensor<f32>) -> tensor<5x1xf32>
// CHECK: "onnx.Where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<5xi1>, tensor<5x1xf32>, tensor<f32>) -> tensor<5x5xf32>
// CHECK: %[[DOUBLED:.*]] = "onnx.Add"(%arg0, %{{.*}}) : (tensor<5x1xf32>, tensor<f32>) -> tensor<5x1xf32>
// CHECK: "onnx.Where"(%{{.*}}, %[[DOUBLED]], %{{.*}}) : (tensor<5x5xi1>, tensor<5x1xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
func.func @forward(%a: !torch.vtensor<[5,1],f32>, %b: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],f32>) {
  %0 = torch.aten.atan2 %a, %b : !torch.vtensor<[5,1],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[5,5],f32>
  %1 = torch.aten.logaddexp %a, %b : !torch.vtensor<[5,1],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[5,5],f32>
  return %0, %1 : !torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],f32>
}

// -----

// sign and sgn of floats: Sign, with 0 where the input is NaN as PyTorch
// has it (ONNX's Sign gives NaN). fmax: Max, then the other operand where
// one is NaN, each IsNaN of its operand's own shape.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<1xf32>)
// CHECK: %[[S:.*]] = "onnx.Sign"(%[[X]])
// CHECK: %[[N:.*]] = "onnx.IsNaN"(%[[X]]) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[SIGN:.*]] = "onnx.Where"(%[[N]], %{{.*}}, %[[S]])
// CHECK: %[[M:.*]] = "onnx.Max"(%[[X]], %[[Y]]) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
// CHECK: %[[NY:.*]] = "onnx.IsNaN"(%[[Y]]) : (tensor<1xf32>) -> tensor<1xi1>
// CHECK: %[[W:.*]] = "onnx.Where"(%[[NY]], %[[X]], %[[M]])
// CHECK: %[[NX:.*]] = "onnx.IsNaN"(%[[X]]) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[FMAX:.*]] = "onnx.Where"(%[[NX]], %[[Y]], %[[W]])
// CHECK: return %[[SIGN]], %[[FMAX]]
func.func @forward(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[1],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.sgn %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.fmax %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[1],f32> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}
