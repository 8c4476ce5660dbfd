// opset 17
func.func @forward(%x: !torch.vtensor<[3,2,2],f32>, %h0: !torch.vtensor<[2,2,2],f32>) -> !torch.vtensor<[3,2,2],f32> {
  %w = torch.vtensor.literal(dense<0.1> : tensor<6x2xf32>) : !torch.vtensor<[6,2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %float = torch.constant.float 5.000000e-01
  %params = torch.prim.ListConstruct %w, %w, %w, %w : (!torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.gru.input %x, %h0, %params, %false, %int2, %float, %true, %false, %false : !torch.vtensor<[3,2,2],f32>, !torch.vtensor<[2,2,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2,2],f32>, !torch.vtensor<[2,2,2],f32>
  return %0#0 : !torch.vtensor<[3,2,2],f32>
}
