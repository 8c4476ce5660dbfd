func.func @forward(%x: !torch.vtensor<[4],f32>, %c: !torch.vtensor<[],i1>) -> !torch.vtensor<[4],f32> {
  %cond = torch.aten.Bool.Tensor %c : !torch.vtensor<[],i1> -> !torch.bool
  %0 = torch.prim.If %cond -> (!torch.vtensor<[4],f32>) {
    %1 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  } else {
    %2 = torch.aten.neg %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %2 : !torch.vtensor<[4],f32>
  }
  return %0 : !torch.vtensor<[4],f32>
}
