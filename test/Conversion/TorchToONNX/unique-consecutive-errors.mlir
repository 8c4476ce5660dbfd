// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// unique_consecutive along a dim.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::unique_consecutive (1x)}}
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,?],f32> {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  // expected-error @+1 {{cannot convert 'aten::unique_consecutive' to ONNX opset 17}}
  %0:3 = torch.aten.unique_consecutive %x, %false, %false, %int1 : !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[2,?],f32>, !torch.vtensor<[0],si64>, !torch.vtensor<[0],si64>
  return %0#0 : !torch.vtensor<[2,?],f32>
}
