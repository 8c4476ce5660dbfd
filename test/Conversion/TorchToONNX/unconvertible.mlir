// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// Every op without a conversion is reported in one run, and a summary
// counts them by name.

// expected-error @+1 {{cannot convert 3 ops to ONNX opset 17: aten::erfinv (2x), aten::cdist (1x)}}
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,2],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 2.000000e+00
  // expected-error @+1 {{cannot convert 'aten::erfinv' to ONNX opset 17}}
  %0 = torch.aten.erfinv %x : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  // expected-error @+1 {{cannot convert 'aten::erfinv' to ONNX opset 17}}
  %2 = torch.aten.erfinv %1 : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  // expected-error @+1 {{cannot convert 'aten::cdist' to ONNX opset 17}}
  %3 = torch.aten.cdist %2, %2, %p, %none : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.float, !torch.none -> !torch.vtensor<[2,2],f32>
  return %3 : !torch.vtensor<[2,2],f32>
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

// Feature dropout in training mode has no conversion.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::feature_dropout (1x)}}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %p = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::feature_dropout' to ONNX opset 17}}
  %0 = torch.aten.feature_dropout %x, %p, %true : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A result whose dtype shape inference could not find has no ONNX type; the
// error is at the first op whose result has an unknown dtype, and names it.

func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],unk> {
  // expected-error @+1 {{cannot convert 'my::op' to ONNX: the element type of its result is unknown, so result 0 of the graph ('!torch.vtensor<[4],unk>') has no ONNX type}}
  %0 = torch.operator "my::op"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],unk>
  %1 = torch.aten.relu %0 : !torch.vtensor<[4],unk> -> !torch.vtensor<[4],unk>
  return %1 : !torch.vtensor<[4],unk>
}
