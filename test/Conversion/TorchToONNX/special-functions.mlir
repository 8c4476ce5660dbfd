// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// angle of a real tensor: pi below 0, else 0, NaN kept.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<20xf32>)
// CHECK: %[[ZERO:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[NEG:.*]] = "onnx.Less"(%[[X]], %[[ZERO]]) : (tensor<20xf32>, tensor<f32>) -> tensor<20xi1>
// CHECK: %[[PI:.*]] = "onnx.Initializer"() {name = "", value = dense<3.14159274> : tensor<f32>}
// CHECK: %[[ZERO2:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[ANGLE:.*]] = "onnx.Where"(%[[NEG]], %[[PI]], %[[ZERO2]]) : (tensor<20xi1>, tensor<f32>, tensor<f32>) -> tensor<20xf32>
// CHECK: %[[NAN:.*]] = "onnx.IsNaN"(%[[X]])
// CHECK: %[[Y:.*]] = "onnx.Where"(%[[NAN]], %[[X]], %[[ANGLE]])
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[20],f32>) -> !torch.vtensor<[20],f32> {
  %0 = torch.operator "aten::angle"(%x) : (!torch.vtensor<[20],f32>) -> !torch.vtensor<[20],f32>
  return %0 : !torch.vtensor<[20],f32>
}

// -----

// angle of integers computes in the float result type.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<3xi64>)
// CHECK: %[[F:.*]] = "onnx.Cast"(%[[X]]) {to = 1 : si64} : (tensor<3xi64>) -> tensor<3xf32>
// CHECK: "onnx.Less"(%[[F]], %{{.*}})
// CHECK: "onnx.IsNaN"(%[[F]])
func.func @forward(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32> {
  %0 = torch.operator "aten::angle"(%x) : (!torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// special_erfcx: exp(x^2) * (1 - erf(x)) below 2, a continued fraction from
// 2 on.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<20xf32>)
// CHECK: %[[ERF:.*]] = "onnx.Erf"(%[[X]])
// CHECK: %[[ERFC:.*]] = "onnx.Sub"(%{{.*}}, %[[ERF]])
// CHECK: %[[SQ:.*]] = "onnx.Mul"(%[[X]], %[[X]])
// CHECK: %[[EXP:.*]] = "onnx.Exp"(%[[SQ]])
// CHECK: %[[NEAR:.*]] = "onnx.Mul"(%[[EXP]], %[[ERFC]])
// The continued fraction from its 12th level, x + 6 / x, down to the first.
// CHECK: %[[C12:.*]] = "onnx.Initializer"() {name = "", value = dense<6.000000e+00> : tensor<f32>}
// CHECK: %[[D12:.*]] = "onnx.Div"(%[[C12]], %[[X]])
// CHECK: %[[K12:.*]] = "onnx.Add"(%[[X]], %[[D12]])
// CHECK: %[[C1:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[D1:.*]] = "onnx.Div"(%[[C1]], %{{.*}})
// CHECK: %[[K1:.*]] = "onnx.Add"(%[[X]], %[[D1]])
// CHECK: %[[SQRTPI:.*]] = "onnx.Initializer"() {name = "", value = dense<1.7724539> : tensor<f32>}
// CHECK: %[[M:.*]] = "onnx.Mul"(%[[K1]], %[[SQRTPI]])
// CHECK: %[[FAR:.*]] = "onnx.Reciprocal"(%[[M]])
// CHECK: %[[TWO:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e+00> : tensor<f32>}
// CHECK: %[[ISNEAR:.*]] = "onnx.Less"(%[[X]], %[[TWO]])
// CHECK: %[[Y:.*]] = "onnx.Where"(%[[ISNEAR]], %[[NEAR]], %[[FAR]])
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[20],f32>) -> !torch.vtensor<[20],f32> {
  %0 = torch.operator "aten::special_erfcx"(%x) : (!torch.vtensor<[20],f32>) -> !torch.vtensor<[20],f32>
  return %0 : !torch.vtensor<[20],f32>
}
