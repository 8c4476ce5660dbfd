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

// -----

// An explicit scale per dim in the forms without `.vec`: refused, not
// ignored.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::upsample_bicubic2d (1x)}}
func.func @forward(%x: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,6,6],f32> {
  %int6 = torch.constant.int 6
  %f = torch.constant.float 1.600000e+00
  %false = torch.constant.bool false
  %o = torch.prim.ListConstruct %int6, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{cannot convert 'aten::upsample_bicubic2d' to ONNX opset 17}}
  %0 = torch.operator "aten::upsample_bicubic2d"(%x, %o, %false, %f, %f) : (!torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.bool, !torch.float, !torch.float) -> !torch.vtensor<[1,1,6,6],f32>
  return %0 : !torch.vtensor<[1,1,6,6],f32>
}
