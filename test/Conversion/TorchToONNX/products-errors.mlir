// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// addr whose alpha is known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::addr (1x)}}
func.func @forward(%self: !torch.vtensor<[2,3],f32>, %a: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[3],f32>, %alpha: !torch.float) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  // expected-error @+1 {{cannot convert 'aten::addr' to ONNX opset 17}}
  %0 = torch.operator "aten::addr"(%self, %a, %b, %int1, %alpha) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[3],f32>, !torch.int, !torch.float) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// addr of bools, which ONNX cannot multiply.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::addr (1x)}}
func.func @forward(%self: !torch.vtensor<[2,3],i1>, %a: !torch.vtensor<[2],i1>, %b: !torch.vtensor<[3],i1>) -> !torch.vtensor<[2,3],i1> {
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::addr' to ONNX opset 17}}
  %0 = torch.operator "aten::addr"(%self, %a, %b, %true, %true) : (!torch.vtensor<[2,3],i1>, !torch.vtensor<[2],i1>, !torch.vtensor<[3],i1>, !torch.bool, !torch.bool) -> !torch.vtensor<[2,3],i1>
  return %0 : !torch.vtensor<[2,3],i1>
}

// -----

// bilinear of integers.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::bilinear (1x)}}
func.func @forward(%x1: !torch.vtensor<[8,3],si64>, %x2: !torch.vtensor<[8,4],si64>, %w: !torch.vtensor<[5,3,4],si64>) -> !torch.vtensor<[8,5],si64> {
  %none = torch.constant.none
  // expected-error @+1 {{cannot convert 'aten::bilinear' to ONNX opset 17}}
  %0 = torch.aten.bilinear %x1, %x2, %w, %none : !torch.vtensor<[8,3],si64>, !torch.vtensor<[8,4],si64>, !torch.vtensor<[5,3,4],si64>, !torch.none -> !torch.vtensor<[8,5],si64>
  return %0 : !torch.vtensor<[8,5],si64>
}

// -----

// logdet of a batch of empty matrices whose batch size is dynamic.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::logdet (1x)}}
func.func @forward(%x: !torch.vtensor<[?,0,0],f32>) -> !torch.vtensor<[?],f32> {
  // expected-error @+1 {{cannot convert 'aten::logdet' to ONNX opset 17}}
  %0 = torch.operator "aten::logdet"(%x) : (!torch.vtensor<[?,0,0],f32>) -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// outer of an operand whose rank is unknown.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::outer (1x)}}
func.func @forward(%a: !torch.vtensor<*,f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,3],f32> {
  // expected-error @+1 {{cannot convert 'aten::outer' to ONNX opset 17}}
  %0 = torch.aten.outer %a, %b : !torch.vtensor<*,f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}
