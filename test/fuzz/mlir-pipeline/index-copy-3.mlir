// opset 16
func.func @forward(%x: !torch.vtensor<[2,8],f32>, %v: !torch.vtensor<[2,3],f32>, %pos: !torch.vtensor<[3],si64>) -> !torch.vtensor<[2,8],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %idx = torch.prim.ListConstruct %none, %pos : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %x, %idx, %v, %true : !torch.vtensor<[2,8],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[2,8],f32>
  return %0 : !torch.vtensor<[2,8],f32>
}
