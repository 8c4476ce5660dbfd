// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// linspace whose number of steps is known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::linspace.Tensor_Tensor (1x)}}
func.func @forward(%start: !torch.vtensor<[],f32>, %end: !torch.vtensor<[],f32>, %steps: !torch.int) -> !torch.vtensor<[?],f32> {
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::linspace.Tensor_Tensor' to ONNX opset 17}}
  %0 = torch.aten.linspace.Tensor_Tensor %start, %end, %steps, %none, %none, %none, %none : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// linspace into integers at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::linspace.Tensor_Tensor (1x)}}
func.func @forward(%start: !torch.vtensor<[],si64>, %end: !torch.vtensor<[],si64>) -> !torch.vtensor<[4],si64> {
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::linspace.Tensor_Tensor' to ONNX opset 17}}
  %0 = torch.aten.linspace.Tensor_Tensor %start, %end, %int4, %int4, %none, %none, %none : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}
