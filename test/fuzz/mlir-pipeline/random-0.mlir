func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>) {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %size = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.randn_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.rand %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],f32>
  %2 = torch.aten.randint.low %int2, %int7, %size, %none, %none, %none, %none : !torch.int, !torch.int, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  return %0, %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>
}
