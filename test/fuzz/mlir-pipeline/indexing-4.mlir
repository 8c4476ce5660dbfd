func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %idx = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %idx : !torch.vtensor<[4,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
