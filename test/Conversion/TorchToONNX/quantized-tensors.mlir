// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// A quantized tensor is its integer representation: _make_per_tensor_
// quantized_tensor and int_repr pass it on, and dequantize reads the scale
// and zero point of the op that made it.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[HALF:.*]] = "onnx.Initializer"() {{.*}}dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[ONE:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<i8>
// CHECK: "onnx.DequantizeLinear"(%arg0, %[[HALF]], %[[ONE]]) : (tensor<4x4xi8>, tensor<f32>, tensor<i8>) -> tensor<4x4xf32>
// CHECK-NOT: onnx.Cast
func.func @forward(%arg0: !torch.vtensor<[4,4],si8>) -> !torch.vtensor<[4,4],f32> {
  %scale = torch.constant.float 5.000000e-01
  %one = torch.constant.int 1
  %0 = torch.aten._make_per_tensor_quantized_tensor %arg0, %scale, %one : !torch.vtensor<[4,4],si8>, !torch.float, !torch.int -> !torch.vtensor<[4,4],!torch.qint8>
  %1 = torch.aten.dequantize.self %0 : !torch.vtensor<[4,4],!torch.qint8> -> !torch.vtensor<[4,4],f32>
  return %1 : !torch.vtensor<[4,4],f32>
}

// -----

// aten.quantize_per_tensor is a QuantizeLinear to the dtype's
// representation; its int_repr is that result, and its dequantize a
// DequantizeLinear with the same scale and zero point.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Q:.*]] = "onnx.QuantizeLinear"(%arg0, %{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<f32>, tensor<ui8>) -> tensor<2x3xui8>
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {{.*}}dense<2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[Z:.*]] = "onnx.Initializer"() {{.*}}dense<128> : tensor<ui8>
// CHECK: %[[D:.*]] = "onnx.DequantizeLinear"(%[[Q]], %[[S]], %[[Z]]) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>) -> tensor<2x3xf32>
// CHECK: return %[[Q]], %[[D]]
func.func @forward(%arg0: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],ui8>, !torch.vtensor<[2,3],f32>) {
  %scale = torch.constant.float 2.500000e-01
  %zp = torch.constant.int 128
  %quint8 = torch.constant.int 13
  %0 = torch.aten.quantize_per_tensor %arg0, %scale, %zp, %quint8 : !torch.vtensor<[2,3],f32>, !torch.float, !torch.int, !torch.int -> !torch.vtensor<[2,3],!torch.quint8>
  %1 = torch.aten.int_repr %0 : !torch.vtensor<[2,3],!torch.quint8> -> !torch.vtensor<[2,3],ui8>
  %2 = torch.aten.dequantize.tensor %0 : !torch.vtensor<[2,3],!torch.quint8> -> !torch.vtensor<[2,3],f32>
  return %1, %2 : !torch.vtensor<[2,3],ui8>, !torch.vtensor<[2,3],f32>
}
