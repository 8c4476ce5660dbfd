// opset 17
func.func @forward(%x: !torch.vtensor<[?,0],f32>) -> !torch.vtensor<[0,?],f32> {
  %int0 = torch.constant.int 0
  %m1 = torch.constant.int -1
  %s = torch.prim.ListConstruct %int0, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[?,0],f32>, !torch.list<int> -> !torch.vtensor<[0,?],f32>
  return %0 : !torch.vtensor<[0,?],f32>
}
