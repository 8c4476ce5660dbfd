func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,4,8,8],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %b, %s, %p, %d, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,8,8],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[1,4,8,8],f32> -> !torch.vtensor<[1,4,8,8],f32>
  return %1 : !torch.vtensor<[1,4,8,8],f32>
}
