// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A rounding mode other than "trunc" and "floor" is refused, not guessed.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::div.Tensor_mode (1x)}}
func.func @forward(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "round"
  // expected-error @+1 {{cannot convert 'aten::div.Tensor_mode' to ONNX opset 17}}
  %0 = torch.aten.div.Tensor_mode %a, %b, %str : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
