// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A quantized argument carries no scale or zero point that the graph
// knows, so its dequantize is not lowered.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::dequantize.self (1x)}}
func.func @forward(%arg0: !torch.vtensor<[4],!torch.qint8>) -> !torch.vtensor<[4],f32> {
  // expected-error @+1 {{cannot convert 'aten::dequantize.self' to ONNX opset 17}}
  %0 = torch.aten.dequantize.self %arg0 : !torch.vtensor<[4],!torch.qint8> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// QuantizeLinear makes 8-bit integers only before opset 21.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::quantize_per_tensor (1x)}}
func.func @forward(%arg0: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],!torch.qint32> {
  %scale = torch.constant.float 5.000000e-01
  %zp = torch.constant.int 0
  %qint32 = torch.constant.int 14
  // expected-error @+1 {{cannot convert 'aten::quantize_per_tensor' to ONNX opset 17}}
  %0 = torch.aten.quantize_per_tensor %arg0, %scale, %zp, %qint32 : !torch.vtensor<[4],f32>, !torch.float, !torch.int, !torch.int -> !torch.vtensor<[4],!torch.qint32>
  return %0 : !torch.vtensor<[4],!torch.qint32>
}
