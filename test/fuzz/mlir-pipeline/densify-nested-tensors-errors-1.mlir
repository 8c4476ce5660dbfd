func.func @returns_nested(%x: !torch.vtensor<[2,6,8],f32>, %valid: !torch.vtensor<[2,6],i1>) -> !torch.vtensor {
  %false = torch.constant.bool false
  %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false : !torch.vtensor<[2,6,8],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
  return %nested : !torch.vtensor
}
