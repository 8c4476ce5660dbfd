// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// An interpolation mode that PyTorch does not number.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::grid_sampler_2d (1x)}}
func.func @forward(%x: !torch.vtensor<[2,3,5,20],f32>, %grid: !torch.vtensor<[2,13,10,2],f32>) -> !torch.vtensor<[2,3,13,10],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  // expected-error @+1 {{cannot convert 'aten::grid_sampler_2d' to ONNX opset 17}}
  %0 = torch.operator "aten::grid_sampler_2d"(%x, %grid, %int3, %int0, %false) : (!torch.vtensor<[2,3,5,20],f32>, !torch.vtensor<[2,13,10,2],f32>, !torch.int, !torch.int, !torch.bool) -> !torch.vtensor<[2,3,13,10],f32>
  return %0 : !torch.vtensor<[2,3,13,10],f32>
}
