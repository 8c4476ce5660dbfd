// opset 18
func.func @forward(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si32>, %c: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],si64> {
  %int3 = torch.constant.int 3
  %0 = torch.aten.__and__.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si64>
  %1 = torch.aten.__or__.Scalar %0, %int3 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  %2 = torch.aten.bitwise_xor.Tensor %1, %a : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  %3 = torch.aten.__xor__.Tensor %2, %c : !torch.vtensor<[4],si64>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],si64>
  return %3 : !torch.vtensor<[4],si64>
}
