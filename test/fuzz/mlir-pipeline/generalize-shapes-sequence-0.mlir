func.func @forward(%tokens: !torch.vtensor<[2,5],si64> {torch_onnx.name = "tokens"}) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5,32],f32>) {
  %emb = torch.vtensor.literal(dense<1.000000e+00> : tensor<100x16xf32>) : !torch.vtensor<[100,16],f32>
  %w_ih = torch.vtensor.literal(dense<1.000000e+00> : tensor<128x16xf32>) : !torch.vtensor<[128,16],f32>
  %w_hh = torch.vtensor.literal(dense<1.000000e+00> : tensor<128x32xf32>) : !torch.vtensor<[128,32],f32>
  %fc = torch.vtensor.literal(dense<1.000000e+00> : tensor<3x32xf32>) : !torch.vtensor<[3,32],f32>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int32 = torch.constant.int 32
  %float0 = torch.constant.float 0.000000e+00
  %0 = torch.aten.embedding %emb, %tokens, %int0, %false, %false : !torch.vtensor<[100,16],f32>, !torch.vtensor<[2,5],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,5,16],f32>
  %size = torch.prim.ListConstruct %int1, %int2, %int32 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %h0 = torch.aten.zeros %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[1,2,32],f32>
  %hx = torch.prim.ListConstruct %h0, %h0 : (!torch.vtensor<[1,2,32],f32>, !torch.vtensor<[1,2,32],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %w_ih, %w_hh : (!torch.vtensor<[128,16],f32>, !torch.vtensor<[128,32],f32>) -> !torch.list<vtensor>
  %1:3 = torch.aten.lstm.input %0, %hx, %params, %false, %int1, %float0, %false, %false, %true : !torch.vtensor<[2,5,16],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[2,5,32],f32>, !torch.vtensor<[1,2,32],f32>, !torch.vtensor<[1,2,32],f32>
  %last = torch.aten.select.int %1#0, %int1, %int4 : !torch.vtensor<[2,5,32],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,32],f32>
  %2 = torch.aten.linear %last, %fc, %none : !torch.vtensor<[2,32],f32>, !torch.vtensor<[3,32],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %2, %1#0 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5,32],f32>
}
