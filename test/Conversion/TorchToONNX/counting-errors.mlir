// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// bincount of floats.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::bincount (1x)}}
func.func @forward(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[?],si64> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  // expected-error @+1 {{cannot convert 'aten::bincount' to ONNX opset 17}}
  %0 = torch.aten.bincount %x, %none, %int0 : !torch.vtensor<[5],f32>, !torch.none, !torch.int -> !torch.vtensor<[?],si64>
  return %0 : !torch.vtensor<[?],si64>
}

// -----

// histc with bounds known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::histc (1x)}}
func.func @forward(%x: !torch.vtensor<[5],f32>, %max: !torch.float) -> !torch.vtensor<[3],f32> {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  // expected-error @+1 {{cannot convert 'aten::histc' to ONNX opset 17}}
  %0 = torch.operator "aten::histc"(%x, %int3, %int0, %max) : (!torch.vtensor<[5],f32>, !torch.int, !torch.int, !torch.float) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
