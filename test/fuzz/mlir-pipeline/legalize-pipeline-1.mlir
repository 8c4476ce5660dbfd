torch.class_type @__torch__.Sub {
  torch.attr "weight" : !torch.tensor
  torch.method "forward", @__torch__.Sub.forward
}
torch.class_type @__torch__.M {
  torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "steps" : !torch.tensor
  torch.method "forward", @__torch__.M.forward
}
%w = torch.tensor.literal(dense<0.5> : tensor<4x3xf32>) : !torch.tensor<[4,3],f32>
%sub = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4,3],f32>
} : !torch.nn.Module<"__torch__.Sub">
%steps = torch.tensor.literal(dense<0> : tensor<si64>) : !torch.tensor<[],si64>
%root = torch.nn_module {
  torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
  torch.slot "steps", %steps : !torch.tensor<[],si64>
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"}) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["sub"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor<[2,4],f32>) -> !torch.tensor
  %2 = torch.prim.GetAttr %self["steps"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %3 = torch.aten.add_.Scalar %2, %int1, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  return %1 : !torch.tensor
}
func.func private @__torch__.Sub.forward(%self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["weight"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  %1 = torch.aten.mm %x, %0 : !torch.tensor, !torch.tensor -> !torch.tensor
  return %1 : !torch.tensor
}
