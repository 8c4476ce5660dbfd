func.func @size_arithmetic(%x: !torch.vtensor<[?,2,3],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %a = torch.aten.size.int %x, %int1 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %b = torch.aten.size.int %x, %int2 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %ab = torch.aten.mul.int %a, %b : !torch.int, !torch.int -> !torch.int
  %l = torch.prim.ListConstruct %n, %ab : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,2,3],f32>, !torch.list<int> -> !torch.vtensor
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor
  %m = torch.aten.Int.Tensor %t : !torch.vtensor -> !torch.int
  %int-1 = torch.constant.int -1
  %l1 = torch.prim.ListConstruct %m, %int3, %int-1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %x, %l1 : !torch.vtensor<[?,2,3],f32>, !torch.list<int> -> !torch.vtensor
  return %0, %t, %1 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}
