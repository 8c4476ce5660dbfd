func.func @write_in_if(%x: !torch.tensor<[4],f32>, %c: !torch.bool) -> (!torch.tensor<[4],f32>, !torch.tensor<[4],f32>) {
  %0 = torch.prim.If %c -> (!torch.tensor<[4],f32>) {
    %1 = torch.aten.relu_ %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    %2 = torch.aten.neg %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    torch.prim.If.yield %2 : !torch.tensor<[4],f32>
  } else {
    torch.prim.If.yield %x : !torch.tensor<[4],f32>
  }
  %3 = torch.aten.sigmoid %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %0, %3 : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>
}
