// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// angle of a complex tensor has no lowering.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::angle (1x)}}
func.func @forward(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],si64> {
  // expected-error @+1 {{cannot convert 'aten::angle' to ONNX opset 17}}
  %0 = torch.operator "aten::angle"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// special_erfcx with an unexpected operand count.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::special_erfcx (1x)}}
func.func @forward(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  // expected-error @+1 {{cannot convert 'aten::special_erfcx' to ONNX opset 17}}
  %0 = torch.operator "aten::special_erfcx"(%x, %x) : (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
