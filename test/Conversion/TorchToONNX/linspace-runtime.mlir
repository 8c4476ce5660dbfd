// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// linspace between tensors: start + step * i for the first half, end -
// step * (steps - 1 - i) for the rest.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[START:.*]]: tensor<f32>, %[[END_INT:.*]]: tensor<i64>)
// CHECK: %[[END:.*]] = "onnx.Cast"(%[[END_INT]]) {to = 1 : si64} : (tensor<i64>) -> tensor<f32>
// CHECK: %[[INTERVALS:.*]] = "onnx.Initializer"() {name = "", value = dense<4.000000e+00> : tensor<f32>}
// CHECK: %[[SPAN:.*]] = "onnx.Sub"(%[[END]], %[[START]])
// CHECK: %[[STEP:.*]] = "onnx.Div"(%[[SPAN]], %[[INTERVALS]])
// CHECK: %[[I:.*]] = "onnx.Initializer"() {name = "", value = dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<5xf32>}
// CHECK: %[[FI:.*]] = "onnx.Mul"(%[[STEP]], %[[I]])
// CHECK: %[[FRONT:.*]] = "onnx.Add"(%[[START]], %[[FI]]) : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
// CHECK: %[[J:.*]] = "onnx.Initializer"() {name = "", value = dense<[4.000000e+00, 3.000000e+00, 2.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<5xf32>}
// CHECK: %[[BJ:.*]] = "onnx.Mul"(%[[STEP]], %[[J]])
// CHECK: %[[BACK:.*]] = "onnx.Sub"(%[[END]], %[[BJ]])
// CHECK: %[[HALF:.*]] = "onnx.Initializer"() {name = "", value = dense<[true, true, false, false, false]> : tensor<5xi1>}
// CHECK: %[[Y:.*]] = "onnx.Where"(%[[HALF]], %[[FRONT]], %[[BACK]])
// CHECK: return %[[Y]]
func.func @forward(%start: !torch.vtensor<[],f32>, %end: !torch.vtensor<[],si64>) -> !torch.vtensor<[5],f32> {
  %int5 = torch.constant.int 5
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %0 = torch.aten.linspace.Tensor_Tensor %start, %end, %int5, %int6, %none, %none, %none : !torch.vtensor<[],f32>, !torch.vtensor<[],si64>, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// linspace from a tensor to a scalar, and from a scalar to a tensor, with
// no step and one step.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[EMPTY:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<0xf32>}
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {name = "", value = dense<-3.000000e+00> : tensor<1xf32>}
// CHECK: return %[[EMPTY]], %[[ONE]]
func.func @forward(%t: !torch.vtensor<[],f32>) -> (!torch.vtensor<[0],f32>, !torch.vtensor<[1],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %m3 = torch.constant.int -3
  %none = torch.constant.none
  %0 = torch.aten.linspace.Tensor_Scalar %t, %m3, %int0, %none, %none, %none, %none : !torch.vtensor<[],f32>, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[0],f32>
  %1 = torch.aten.linspace.Scalar_Tensor %m3, %t, %int1, %none, %none, %none, %none : !torch.int, !torch.vtensor<[],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[1],f32>
  return %0, %1 : !torch.vtensor<[0],f32>, !torch.vtensor<[1],f32>
}
