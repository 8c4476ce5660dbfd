func.func @forward() -> !torch.vtensor<[6],si64> {
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 2
  %int11 = torch.constant.int 11
  %float = torch.constant.float 4.200000e+20
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int0, %int11, %float, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],si64>
  return %0 : !torch.vtensor<[6],si64>
}
