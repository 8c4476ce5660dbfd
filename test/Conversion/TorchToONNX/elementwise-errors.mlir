// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// &, | and ^ on integers are bitwise: ONNX has BitwiseAnd, BitwiseOr and
// BitwiseXor only from opset 18, and its And, Or and Xor take bools.

// expected-error @+1 {{cannot convert 4 ops to ONNX opset 17: aten::__and__.Tensor (1x), aten::__or__.Scalar (1x), aten::bitwise_xor.Tensor (1x), aten::__xor__.Tensor (1x)}}
func.func @forward(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si32>, %c: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],si64> {
  %int3 = torch.constant.int 3
  // expected-error @+1 {{cannot convert 'aten::__and__.Tensor' to ONNX opset 17}}
  %0 = torch.aten.__and__.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si64>
  // expected-error @+1 {{cannot convert 'aten::__or__.Scalar' to ONNX opset 17}}
  %1 = torch.aten.__or__.Scalar %0, %int3 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  // expected-error @+1 {{cannot convert 'aten::bitwise_xor.Tensor' to ONNX opset 17}}
  %2 = torch.aten.bitwise_xor.Tensor %1, %a : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  // A bool operand does not make the op logical: the result is an integer.
  // expected-error @+1 {{cannot convert 'aten::__xor__.Tensor' to ONNX opset 17}}
  %3 = torch.aten.__xor__.Tensor %2, %c : !torch.vtensor<[4],si64>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],si64>
  return %3 : !torch.vtensor<[4],si64>
}
