// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// A dropout probability of 1 or more.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::scaled_dot_product_attention (1x)}}
func.func @forward(%q: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 1.000000e+00
  %false = torch.constant.bool false
  // expected-error @+1 {{cannot convert 'aten::scaled_dot_product_attention' to ONNX opset 17}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q, %none, %p, %false, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// Grouped-query attention whose query heads (3) are not a multiple of the
// key's (2).

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::scaled_dot_product_attention (1x)}}
func.func @forward(%q: !torch.vtensor<[1,3,4,8],f32>, %k: !torch.vtensor<[1,2,4,8],f32>) -> !torch.vtensor<[1,3,4,8],f32> {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::scaled_dot_product_attention' to ONNX opset 17}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k, %none, %zero, %false, %none, %true : !torch.vtensor<[1,3,4,8],f32>, !torch.vtensor<[1,2,4,8],f32>, !torch.vtensor<[1,2,4,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,3,4,8],f32>
  return %0 : !torch.vtensor<[1,3,4,8],f32>
}
