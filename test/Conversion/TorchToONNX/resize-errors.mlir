// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A mode string that names no Resize mode is not lowered.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::__interpolate.size_list_scale_list (1x)}}
func.func @forward(%x: !torch.vtensor<[1,1,2,4],f32>) -> !torch.vtensor<[1,1,4,8],f32> {
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %size = torch.prim.ListConstruct %int4, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %mode = torch.constant.str "area"
  // expected-error @+1 {{cannot convert 'aten::__interpolate.size_list_scale_list' to ONNX opset 17}}
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %mode, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  return %0 : !torch.vtensor<[1,1,4,8],f32>
}

// -----

// half_pixel_symmetric is a coordinate mode of Resize-19 only.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::__interpolate.size_list_scale_list (1x)}}
func.func @forward(%x: !torch.vtensor<[1,1,2,4],f32>) -> !torch.vtensor<[1,1,4,8],f32> {
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %size = torch.prim.ListConstruct %int4, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %mode = torch.constant.str "bilinear_half_pixel_symmetric"
  // expected-error @+1 {{cannot convert 'aten::__interpolate.size_list_scale_list' to ONNX opset 17}}
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %mode, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  return %0 : !torch.vtensor<[1,1,4,8],f32>
}

// -----

// A zero step is an error in PyTorch and in Slice.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::slice.Tensor (1x)}}
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::slice.Tensor' to ONNX opset 17}}
  %0 = torch.aten.slice.Tensor %x, %int0, %none, %none, %int0 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}
