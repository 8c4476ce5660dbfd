func.func @forward(%q: !torch.vtensor<[2,3,4,5],f32>, %k: !torch.vtensor<[2,3,6,5],f32>) -> !torch.vtensor<[2,3,4,6],f32> {
  %eq = torch.constant.str "d qqq-,,,,.,,,,,,,bnqrqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"
  %none = torch.constant.none
  %list = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,6,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %eq, %list, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,3,4,6],f32>
  return %0 : !torch.vtensor<[2,3,4,6],f32>
}
