func.func @size_folding(%x: !torch.vtensor<[2,3,?],f32>) -> (!torch.vtensor, !torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[2,3,?],f32>, !torch.int -> !torch.int
  %m = torch.aten.size.int %x, %int1 : !torch.vtensor<[2,3,?],f32>, !torch.int -> !torch.int
  %nm = torch.aten.mul.int %n, %m : !torch.int, !torch.int -> !torch.int
  %shape = torch.prim.ListConstruct %nm, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %v = torch.aten.view %x, %shape : !torch.vtensor<[2,3,?],f32>, !torch.list<int> -> !torch.vtensor
  %rank = torch.aten.dim %x : !torch.vtensor<[2,3,?],f32> -> !torch.int
  %sizes = torch.aten.size %x : !torch.vtensor<[2,3,?],f32> -> !torch.list<int>
  %last = torch.aten.__getitem__.t %sizes, %int-1 : !torch.list<int>, !torch.int -> !torch.int
  return %v, %rank, %last : !torch.vtensor, !torch.int, !torch.int
}
