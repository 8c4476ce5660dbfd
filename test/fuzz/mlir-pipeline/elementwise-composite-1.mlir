func.func @forward(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.isfinite %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.isposinf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.isfinite %i : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %3 = torch.aten.signbit %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}
