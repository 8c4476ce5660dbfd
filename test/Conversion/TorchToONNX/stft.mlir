// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// stft of a 1-D signal with the default hop and window: STFT of a batch of
// one, its frequencies moved before its frames.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<110xf32>)
// CHECK: %[[SIGNAL:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<110xf32>, tensor<2xi64>) -> tensor<1x110x1xf32>
// CHECK: %[[WINDOW:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<10xf32>}
// CHECK: %[[HOP:.*]] = "onnx.Initializer"() {name = "", value = dense<2> : tensor<i64>}
// CHECK: %[[LENGTH:.*]] = "onnx.Initializer"() {name = "", value = dense<10> : tensor<i64>}
// CHECK: %[[S:.*]] = "onnx.STFT"(%[[SIGNAL]], %[[HOP]], %[[WINDOW]], %[[LENGTH]]) {onesided = 1 : si64} : (tensor<1x110x1xf32>, tensor<i64>, tensor<10xf32>, tensor<i64>) -> tensor<1x51x6x2xf32>
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[S]]) {perm = [0, 2, 1, 3]} : (tensor<1x51x6x2xf32>) -> tensor<1x6x51x2xf32>
// CHECK: %[[Y:.*]] = "onnx.Squeeze"(%[[T]], %{{.*}}) : (tensor<1x6x51x2xf32>, tensor<1xi64>) -> tensor<6x51x2xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[110],f32>) -> !torch.vtensor<[6,51,2],f32> {
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.stft %x, %int10, %none, %none, %none, %false, %none, %false, %none : !torch.vtensor<[110],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6,51,2],f32>
  return %0 : !torch.vtensor<[6,51,2],f32>
}

// -----

// A batch with a window shorter than n_fft, padded on both sides, and
// normalized two-sided spectra.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x64xf32>, %[[W:.*]]: tensor<6xf32>)
// CHECK: %[[SIGNAL:.*]] = "onnx.Unsqueeze"(%[[X]], %{{.*}}) : (tensor<2x64xf32>, tensor<1xi64>) -> tensor<2x64x1xf32>
// CHECK: %[[LEFT:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<1xf32>}
// CHECK: %[[RIGHT:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<1xf32>}
// CHECK: %[[WINDOW:.*]] = "onnx.Concat"(%[[LEFT]], %[[W]], %[[RIGHT]]) {axis = 0 : si64} : (tensor<1xf32>, tensor<6xf32>, tensor<1xf32>) -> tensor<8xf32>
// CHECK: %[[S:.*]] = "onnx.STFT"(%[[SIGNAL]], %{{.*}}, %[[WINDOW]], %{{.*}}) {onesided = 0 : si64} : (tensor<2x64x1xf32>, tensor<i64>, tensor<8xf32>, tensor<i64>) -> tensor<2x15x8x2xf32>
// CHECK: %[[NORM:.*]] = "onnx.Initializer"() {name = "", value = dense<0.353553385> : tensor<f32>}
// CHECK: %[[N:.*]] = "onnx.Mul"(%[[S]], %[[NORM]])
// CHECK: %[[Y:.*]] = "onnx.Transpose"(%[[N]]) {perm = [0, 2, 1, 3]} : (tensor<2x15x8x2xf32>) -> tensor<2x8x15x2xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,64],f32>, %w: !torch.vtensor<[6],f32>) -> !torch.vtensor<[2,8,15,2],f32> {
  %int8 = torch.constant.int 8
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.stft %x, %int8, %int4, %int6, %w, %true, %false, %false, %none : !torch.vtensor<[2,64],f32>, !torch.int, !torch.int, !torch.int, !torch.vtensor<[6],f32>, !torch.bool, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,8,15,2],f32>
  return %0 : !torch.vtensor<[2,8,15,2],f32>
}
