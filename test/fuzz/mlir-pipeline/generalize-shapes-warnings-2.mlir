func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[5],f32> {
  %none = torch.constant.none
  %int5 = torch.constant.int 5
  %l = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.ones %l, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}
