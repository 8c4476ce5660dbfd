func.func @chunk_split(%x: !torch.vtensor<[4,7],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %0 = torch.aten.chunk %x, %int3, %int1 : !torch.vtensor<[4,7],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %a, %b, %c = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %sizes = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.split_with_sizes %x, %sizes, %int0 : !torch.vtensor<[4,7],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %d, %e = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor
  %f = torch.aten.__getitem__.t %1, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
  return %a, %b, %c, %d, %e, %f : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}
