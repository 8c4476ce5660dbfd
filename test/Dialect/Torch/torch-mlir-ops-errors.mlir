// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics

func.func @derefine_to_subtype(%x: !torch.optional<int>) -> !torch.int {
  // expected-error @+1 {{'torch.derefine' op result type '!torch.int' is not a supertype of operand type '!torch.optional<int>'}}
  %0 = torch.derefine %x : !torch.optional<int> to !torch.int
  return %0 : !torch.int
}

// -----

func.func @static_info_cast_dtype(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f16> {
  // expected-error @+1 {{'torch.tensor_static_info_cast' op dtypes 'f32' and 'f16' differ}}
  %0 = torch.tensor_static_info_cast %x : !torch.vtensor<[2],f32> to !torch.vtensor<[2],f16>
  return %0 : !torch.vtensor<[2],f16>
}

// -----

func.func @static_info_cast_size(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,4],f32> {
  // expected-error @+1 {{'torch.tensor_static_info_cast' op sizes 3 and 4 differ}}
  %0 = torch.tensor_static_info_cast %x : !torch.vtensor<[2,3],f32> to !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

func.func @static_info_cast_semantics(%x: !torch.vtensor<[2],f32>) -> !torch.tensor<[2],f32> {
  // expected-error @+1 {{'torch.tensor_static_info_cast' op cannot add or remove value semantics}}
  %0 = torch.tensor_static_info_cast %x : !torch.vtensor<[2],f32> to !torch.tensor<[2],f32>
  return %0 : !torch.tensor<[2],f32>
}
