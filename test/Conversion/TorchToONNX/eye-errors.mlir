// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// eye of a result whose rank is unknown.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::eye (1x)}}
func.func @forward(%n: !torch.int) -> !torch.vtensor<*,f32> {
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::eye' to ONNX opset 17}}
  %0 = torch.aten.eye %n, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}
