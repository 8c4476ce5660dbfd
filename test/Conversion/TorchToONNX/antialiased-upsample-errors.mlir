// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// The weights are computed at compile time: the spatial sizes must be
// static.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::_upsample_bilinear2d_aa.vec (1x)}}
func.func @forward(%x: !torch.vtensor<[1,1,?,8],f32>) -> !torch.vtensor<[1,1,?,4],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %half = torch.constant.float 5.000000e-01
  %scales = torch.prim.ListConstruct %half, %half : (!torch.float, !torch.float) -> !torch.list<float>
  // expected-error @+1 {{cannot convert 'aten::_upsample_bilinear2d_aa.vec' to ONNX opset 17}}
  %0 = torch.operator "aten::_upsample_bilinear2d_aa.vec"(%x, %none, %false, %scales) : (!torch.vtensor<[1,1,?,8],f32>, !torch.none, !torch.bool, !torch.list<float>) -> !torch.vtensor<[1,1,?,4],f32>
  return %0 : !torch.vtensor<[1,1,?,4],f32>
}
