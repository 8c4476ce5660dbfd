// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// Every op without a conversion is reported in one run, and a summary
// counts them by name.

// expected-error @+1 {{cannot convert 3 ops to ONNX opset 17: aten::erfinv (2x), aten::logit (1x)}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::erfinv' to ONNX opset 17}}
  %0 = torch.aten.erfinv %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  // expected-error @+1 {{cannot convert 'aten::erfinv' to ONNX opset 17}}
  %2 = torch.aten.erfinv %1 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  // expected-error @+1 {{cannot convert 'aten::logit' to ONNX opset 17}}
  %3 = torch.aten.logit %2, %none : !torch.vtensor<[4],f32>, !torch.none -> !torch.vtensor<[4],f32>
  return %3 : !torch.vtensor<[4],f32>
}

// -----

// Unknown TorchScript operators are reported by their name.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::my_op.default (1x)}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  // expected-error @+1 {{cannot convert 'aten::my_op.default' to ONNX opset 17}}
  %0 = torch.operator "aten::my_op.default"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Dropout in training mode has no conversion.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::dropout (1x)}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %p = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::dropout' to ONNX opset 17}}
  %0 = torch.aten.dropout %x, %p, %true : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A result whose dtype shape inference could not find has no ONNX type; the
// first tensor of unknown dtype is pointed out.

// expected-error @+1 {{cannot convert the type '!torch.vtensor<[4],unk>' of result 0 to ONNX}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],unk> {
  // expected-note @+1 {{the first tensor of unknown element type is the result of 'my::op'}}
  %0 = torch.operator "my::op"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],unk>
  %1 = torch.aten.relu %0 : !torch.vtensor<[4],unk> -> !torch.vtensor<[4],unk>
  return %1 : !torch.vtensor<[4],unk>
}
