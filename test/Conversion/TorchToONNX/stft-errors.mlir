// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A complex result has no ONNX type.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::stft (1x)}}
func.func @forward(%x: !torch.vtensor<[110],f32>) -> !torch.vtensor<[6,51,2],f32> {
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::stft' to ONNX opset 17}}
  %0 = torch.aten.stft %x, %int10, %none, %none, %none, %false, %none, %true, %none : !torch.vtensor<[110],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6,51,2],f32>
  return %0 : !torch.vtensor<[6,51,2],f32>
}
