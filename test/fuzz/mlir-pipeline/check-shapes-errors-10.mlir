func.func @matmul_scalar(%a: !torch.vtensor<[],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor {
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}
