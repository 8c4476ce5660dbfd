func.func @forward(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2,3],f32> {
  %int1 = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.stack %l, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,2,3],f32>
  return %0 : !torch.vtensor<[2,2,3],f32>
}
