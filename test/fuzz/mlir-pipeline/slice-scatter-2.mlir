func.func @forward(%x: !torch.vtensor<[3,5],f32>, %u: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3,5],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select_scatter %x, %u, %int0, %int-1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}
