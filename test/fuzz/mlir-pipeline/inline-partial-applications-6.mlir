torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
  torch.method "sizes", @__torch__.M.sizes
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,5,3],f32>) -> !torch.int {
  %0 = torch.prim.CallMethod %self["sizes"] (%x) : !torch.nn.Module<"__torch__.M">, (!torch.tensor<[2,5,3],f32>) -> !torch.int
  return %0 : !torch.int
}
func.func private @__torch__.M.sizes(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.int {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.size %x : !torch.tensor -> !torch.list<int>
  %1 = torch.aten.__getitem__.t %0, %int0 : !torch.list<int>, !torch.int -> !torch.int
  %2 = torch.aten.__getitem__.t %0, %int1 : !torch.list<int>, !torch.int -> !torch.int
  %3 = torch.aten.dim %x : !torch.tensor -> !torch.int
  %4 = torch.aten.add.int %1, %2 : !torch.int, !torch.int -> !torch.int
  %5 = torch.aten.add.int %4, %3 : !torch.int, !torch.int -> !torch.int
  return %5 : !torch.int
}
