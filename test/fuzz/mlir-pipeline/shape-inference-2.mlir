func.func @broadcast(%a: !torch.vtensor<[2,1,4],f32>, %b: !torch.vtensor<[3,1],f32>, %c: !torch.vtensor<[5,?,1],f32>, %d: !torch.vtensor<[?],f32>, %e: !torch.vtensor<[?],f32>, %f: !torch.vtensor<[4],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,1,4],f32>, !torch.vtensor<[3,1],f32>, !torch.int -> !torch.vtensor
  %1 = torch.aten.mul.Tensor %c, %f : !torch.vtensor<[5,?,1],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor
  %2 = torch.aten.sub.Tensor %d, %e, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}
