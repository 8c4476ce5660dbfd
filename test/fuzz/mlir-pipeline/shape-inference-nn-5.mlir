func.func @attention(%q: !torch.vtensor<[2,5,16],f32>, %k: !torch.vtensor<[2,7,16],f32>, %wqkv: !torch.vtensor<[48,16],f32>, %bqkv: !torch.vtensor<[48],f32>, %wo: !torch.vtensor<[16,16],f32>, %bo: !torch.vtensor<[16],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int16 = torch.constant.int 16
  %int4 = torch.constant.int 4
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float = torch.constant.float 1.000000e-05
  %0:2 = torch.aten._native_multi_head_attention %q, %k, %k, %int16, %int4, %wqkv, %bqkv, %wo, %bo, %none, %true, %true, %none : !torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,7,16],f32>, !torch.vtensor<[2,7,16],f32>, !torch.int, !torch.int, !torch.vtensor<[48,16],f32>, !torch.vtensor<[48],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  %1 = torch.aten._transformer_encoder_layer_fwd %q, %int16, %int4, %wqkv, %bqkv, %wo, %bo, %false, %false, %float, %bo, %bo, %bo, %bo, %wo, %bo, %wo, %bo, %none, %none : !torch.vtensor<[2,5,16],f32>, !torch.int, !torch.int, !torch.vtensor<[48,16],f32>, !torch.vtensor<[48],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.none, !torch.none -> !torch.vtensor
  %eq = torch.constant.str "bqd,bkd->bqk"
  %l = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,7,16],f32>) -> !torch.list<vtensor>
  %2 = torch.aten.einsum %eq, %l, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor
  return %0#0, %0#1, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}
