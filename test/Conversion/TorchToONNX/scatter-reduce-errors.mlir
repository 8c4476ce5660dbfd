// RUN: torch-onnx-opt %s -convert-torch-to-onnx -verify-diagnostics

// Before opset 18, ScatterElements has no max reduction, and amax is
// computed by a mask over the dim, which needs static shapes.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::scatter_reduce.two (1x)}}
func.func @forward(%self: !torch.vtensor<[?],f32>, %index: !torch.vtensor<[2],si64>, %src: !torch.vtensor<[2],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %amax = torch.constant.str "amax"
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::scatter_reduce.two' to ONNX opset 17}}
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %amax, %true : !torch.vtensor<[?],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}
