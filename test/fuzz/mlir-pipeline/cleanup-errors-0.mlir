func.func @always_raises(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "not supported"
  %none = torch.constant.none
  torch.prim.RaiseException %str, %none : !torch.str, !torch.none
  return %x : !torch.vtensor<[4],f32>
}
