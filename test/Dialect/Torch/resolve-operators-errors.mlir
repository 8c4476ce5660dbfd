// RUN: torch-onnx-opt %s -split-input-file -torch-resolve-operators -verify-diagnostics

func.func @wrong_operand_count(%x: !torch.vtensor<[2],f32>)
    -> !torch.vtensor<[2],f32> {
  // expected-error @+1 {{'torch.aten.relu' does not fit the signature of torch.aten.relu: 'torch.aten.relu' op requires a single operand}}
  %0 = torch.operator "torch.aten.relu"(%x, %x)
      : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>)
      -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
