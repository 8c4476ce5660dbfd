// opset 18
func.func @forward(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %0 = torch.aten.bitwise_and.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  %1 = torch.aten.bitwise_xor.Tensor %0, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0, %1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}
