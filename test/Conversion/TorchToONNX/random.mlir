// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// randn_like draws like its input; rand of a size list draws like zeros of
// that shape; randint floors a uniform draw over [low, high), at most
// high - 1 (a float draw can round up to high).
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.RandomNormalLike"(%arg0) {dtype = 1 : si64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[Z:.*]] = "onnx.ConstantOfShape"
// CHECK: "onnx.RandomUniformLike"(%[[Z]]) {dtype = 1 : si64, high = 1.000000e+00 : f32, low = 0.000000e+00 : f32}
// CHECK: %[[Z2:.*]] = "onnx.ConstantOfShape"
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[Z2]]) {dtype = 1 : si64, high = 7.000000e+00 : f32, low = 2.000000e+00 : f32}
// CHECK: %[[F:.*]] = "onnx.Floor"(%[[U]])
// CHECK: %[[H:.*]] = "onnx.Initializer"() {name = "", value = dense<6.000000e+00> : tensor<f32>}
// CHECK: %[[M:.*]] = "onnx.Min"(%[[F]], %[[H]])
// CHECK: "onnx.Cast"(%[[M]]) {to = 7 : si64} : (tensor<4xf32>) -> tensor<4xi64>
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>) {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %size = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.randn_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.rand %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],f32>
  %2 = torch.aten.randint.low %int2, %int7, %size, %none, %none, %none, %none : !torch.int, !torch.int, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  return %0, %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>
}

// -----

// bernoulli compares a uniform draw with the probabilities.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%arg0)
// CHECK: %[[B:.*]] = "onnx.Less"(%[[U]], %arg0)
// CHECK: "onnx.Cast"(%[[B]]) {to = 1 : si64}
func.func @forward(%p: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32> {
  %none = torch.constant.none
  %0 = torch.aten.bernoulli %p, %none : !torch.vtensor<[5],f32>, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}
