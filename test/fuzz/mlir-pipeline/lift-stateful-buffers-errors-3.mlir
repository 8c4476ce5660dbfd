torch.class_type @__torch__.M {
  torch.attr "mode" : !torch.str
}
%s = torch.constant.str "a"
%root = torch.nn_module {
  torch.slot "mode", %s : !torch.str
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %m: !torch.str) -> !torch.tensor {
  torch.prim.SetAttr %self["mode"] = %m : !torch.nn.Module<"__torch__.M">, !torch.str
  return %x : !torch.tensor
}
