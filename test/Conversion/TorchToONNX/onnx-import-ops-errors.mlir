// RUN: torch-onnx-opt %s -split-input-file -convert-torch-to-onnx="opset=17" -verify-diagnostics

// A node whose version differs from the target opset's names the opset it
// needs.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: onnx.ReduceMean (1x)}}
func.func @forward(%x: !torch.vtensor<[3,4],f32>, %axes: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32> attributes {torch.onnx_meta.opset_version = 19 : si64} {
  // expected-error @+2 {{ONNX node 'ReduceMean' of opset 19 is ReduceMean-18, but opset 17 has ReduceMean-13; compile with --opset=19}}
  // expected-error @+1 {{cannot convert 'onnx.ReduceMean' to ONNX opset 17}}
  %0 = torch.operator "onnx.ReduceMean"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: onnx.Transpose (1x)}}
func.func @forward(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[4,3],f32> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  // expected-error @+2 {{attribute 'perm' of ONNX node 'Transpose' is not of kind INTS}}
  // expected-error @+1 {{cannot convert 'onnx.Transpose' to ONNX opset 17}}
  %0 = torch.operator "onnx.Transpose"(%x) {torch.onnx.perm = "1,0"} : (!torch.vtensor<[3,4],f32>) -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
