torch.class_type @__torch__.M {
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
