func.func @forward(%x: !torch.vtensor<[4,10],f32> {torch_onnx.name = "x"}) -> (!torch.vtensor<[4,10],f32>, !torch.vtensor<[10],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %int4, %int1 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,10],f32>
  %1 = torch.aten.select.int %x, %int0, %int3 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int -> !torch.vtensor<[10],f32>
  return %0, %1 : !torch.vtensor<[4,10],f32>, !torch.vtensor<[10],f32>
}
