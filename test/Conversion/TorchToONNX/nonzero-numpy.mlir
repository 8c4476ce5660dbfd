// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// nonzero_numpy unpacked: a row of NonZero per dim.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>)
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%[[X]]) : (tensor<3x4xf32>) -> tensor<2x?xi64>
// CHECK: %[[I0:.*]] = "onnx.Initializer"() {name = "", value = dense<0> : tensor<i64>}
// CHECK: %[[R0:.*]] = "onnx.Gather"(%[[NZ]], %[[I0]]) {axis = 0 : si64} : (tensor<2x?xi64>, tensor<i64>) -> tensor<?xi64>
// CHECK: %[[I1:.*]] = "onnx.Initializer"() {name = "", value = dense<1> : tensor<i64>}
// CHECK: %[[R1:.*]] = "onnx.Gather"(%[[NZ]], %[[I1]]) {axis = 0 : si64}
// CHECK: return %[[R0]], %[[R1]]
func.func @forward(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) {
  %0 = torch.aten.nonzero_numpy %x : !torch.vtensor<[3,4],f32> -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>
  return %1#0, %1#1 : !torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>
}

// -----

// A 0-d input is searched as one element.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<f32>)
// CHECK: %[[ONE:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %[[NZ:.*]] = "onnx.NonZero"(%[[ONE]]) : (tensor<1xf32>) -> tensor<1x?xi64>
// CHECK: %[[R:.*]] = "onnx.Gather"(%[[NZ]], %{{.*}}) {axis = 0 : si64} : (tensor<1x?xi64>, tensor<i64>) -> tensor<?xi64>
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[],f32>) -> !torch.vtensor<[?],si64> {
  %0 = torch.aten.nonzero_numpy %x : !torch.vtensor<[],f32> -> !torch.list<vtensor>
  %1 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?],si64>
  return %1 : !torch.vtensor<[?],si64>
}
