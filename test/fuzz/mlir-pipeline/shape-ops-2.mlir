func.func @forward(%x: !torch.vtensor<[?,3,4],f32>, %y: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,12],f32> {
  %int0 = torch.constant.int 0
  %int12 = torch.constant.int 12
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3,4],f32>, !torch.int -> !torch.int
  %s = torch.prim.ListConstruct %n, %int12 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %y, %s : !torch.vtensor<[?],f32>, !torch.list<int> -> !torch.vtensor<[?,12],f32>
  return %0 : !torch.vtensor<[?,12],f32>
}
