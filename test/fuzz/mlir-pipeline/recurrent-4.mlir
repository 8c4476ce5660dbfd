func.func @forward(%x: !torch.vtensor<[3,2],f32>, %h0: !torch.vtensor<[1,2],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>) {
  %w = torch.vtensor.literal(dense<0.1> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
  %b = torch.vtensor.literal(dense<0.3> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %params = torch.prim.ListConstruct %w, %w, %b, %b : (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.list<vtensor>
  %0:2 = torch.aten.rnn_relu.input %x, %h0, %params, %true, %int1, %float0, %false, %false, %true : !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>
  return %0#0, %0#1 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>
}
