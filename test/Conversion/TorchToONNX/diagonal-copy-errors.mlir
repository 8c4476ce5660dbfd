// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// diagonal_copy over dims of dynamic size.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::diagonal_copy (1x)}}
func.func @forward(%x: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-error @+1 {{cannot convert 'aten::diagonal_copy' to ONNX opset 17}}
  %0 = torch.aten.diagonal_copy %x, %int0, %int0, %int1 : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}
