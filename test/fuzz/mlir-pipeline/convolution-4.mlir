func.func @forward(%x: !torch.vtensor<[?,2,4,4,4],f32>) -> !torch.vtensor<[?,3,3,3,3],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<3x2x2x2x2xf32>) : !torch.vtensor<[3,2,2,2,2],f32>
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv3d %x, %w, %none, %s, %p, %s, %int1 : !torch.vtensor<[?,2,4,4,4],f32>, !torch.vtensor<[3,2,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,3,3,3,3],f32>
  return %0 : !torch.vtensor<[?,3,3,3,3],f32>
}
