// opset 13
func.func @forward(%x: !torch.vtensor<[?,?,?],f32>) -> !torch.vtensor<[?,?,?],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %w, %b, %eps, %true : !torch.vtensor<[?,?,?],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?,?],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[?,?,?],f32> -> !torch.vtensor<[?,?,?],f32>
  return %1 : !torch.vtensor<[?,?,?],f32>
}
