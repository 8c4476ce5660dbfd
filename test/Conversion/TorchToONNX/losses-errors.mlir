// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// Label smoothing has no ONNX form here.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::cross_entropy_loss (1x)}}
func.func @forward(%x: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3],si64>) -> !torch.vtensor<[],f32> {
  %int1 = torch.constant.int 1
  %ignore = torch.constant.int -100
  %none = torch.constant.none
  %smoothing = torch.constant.float 1.000000e-01
  // expected-error @+1 {{cannot convert 'aten::cross_entropy_loss' to ONNX opset 17}}
  %0 = torch.aten.cross_entropy_loss %x, %y, %none, %int1, %ignore, %smoothing : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// A reduction that PyTorch does not number.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::mse_loss (1x)}}
func.func @forward(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[],f32> {
  %int3 = torch.constant.int 3
  // expected-error @+1 {{cannot convert 'aten::mse_loss' to ONNX opset 17}}
  %0 = torch.aten.mse_loss %x, %x, %int3 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}
