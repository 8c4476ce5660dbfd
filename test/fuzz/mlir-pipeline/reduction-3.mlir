func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.std.dim %x, %dims, %true, %false : !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
