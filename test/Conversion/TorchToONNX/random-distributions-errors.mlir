// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// normal with a generator draws from onnxruntime's generator only.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::normal.Tensor_Tensor (1x)}}
func.func @forward(%mean: !torch.vtensor<[3],f32>, %std: !torch.vtensor<[3],f32>, %gen: !torch.Generator) -> !torch.vtensor<[3],f32> {
  // expected-error @+1 {{cannot convert 'aten::normal.Tensor_Tensor' to ONNX opset 17}}
  %0 = torch.operator "aten::normal.Tensor_Tensor"(%mean, %std, %gen) : (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.Generator) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// randint_like with a bound known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::randint_like (1x)}}
func.func @forward(%x: !torch.vtensor<[5],f32>, %high: !torch.int) -> !torch.vtensor<[5],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error @+1 {{cannot convert 'aten::randint_like' to ONNX opset 17}}
  %0 = torch.operator "aten::randint_like"(%x, %high, %none, %none, %none, %false, %none) : (!torch.vtensor<[5],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none) -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// multinomial of a number of samples known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::multinomial (1x)}}
func.func @forward(%p: !torch.vtensor<[10],f32>, %n: !torch.int) -> !torch.vtensor<[?],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error @+1 {{cannot convert 'aten::multinomial' to ONNX opset 17}}
  %0 = torch.aten.multinomial %p, %n, %false, %none : !torch.vtensor<[10],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[?],si64>
  return %0 : !torch.vtensor<[?],si64>
}

// -----

// dropout whose probability is known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::dropout (1x)}}
func.func @forward(%x: !torch.vtensor<[5],f32>, %p: !torch.float) -> !torch.vtensor<[5],f32> {
  %true = torch.constant.bool true
  // expected-error @+1 {{cannot convert 'aten::dropout' to ONNX opset 17}}
  %0 = torch.aten.dropout %x, %p, %true : !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}
