// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// nonzero_numpy unpacked into fewer tensors than its input has dims.
// expected-error @+1 {{cannot convert 2 ops to ONNX opset 17: aten::nonzero_numpy (1x), prim::ListUnpack (1x)}}
func.func @forward(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[?],si64> {
  // expected-error @+1 {{cannot convert 'aten::nonzero_numpy' to ONNX opset 17}}
  %0 = torch.aten.nonzero_numpy %x : !torch.vtensor<[3,4],f32> -> !torch.list<vtensor>
  // expected-error @+1 {{cannot convert 'prim::ListUnpack' to ONNX opset 17}}
  %1 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?],si64>
  return %1 : !torch.vtensor<[?],si64>
}
