// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// Whether the batch comes first must be known to pack it.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::_pack_padded_sequence (1x)}}
func.func @forward(%x: !torch.vtensor<[3,5,2],f32>, %lengths: !torch.vtensor<[3],si64>, %batch_first: !torch.bool) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>) {
  // expected-error @+1 {{cannot convert 'aten::_pack_padded_sequence' to ONNX opset 17}}
  %0:2 = torch.operator "aten::_pack_padded_sequence"(%x, %lengths, %batch_first) : (!torch.vtensor<[3,5,2],f32>, !torch.vtensor<[3],si64>, !torch.bool) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1 : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>
}

// -----

// A packed LSTM needs both initial states, h0 and c0.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::lstm.data (1x)}}
func.func @forward(%data: !torch.vtensor<[?,2],f32>, %sizes: !torch.vtensor<[?],si64>, %h0: !torch.vtensor<[1,?,3],f32>, %wih: !torch.vtensor<[12,2],f32>, %whh: !torch.vtensor<[12,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct %h0 : (!torch.vtensor<[1,?,3],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih, %whh : (!torch.vtensor<[12,2],f32>, !torch.vtensor<[12,3],f32>) -> !torch.list<vtensor>
  // expected-error @+1 {{cannot convert 'aten::lstm.data' to ONNX opset 17}}
  %0:3 = torch.aten.lstm.data %data, %sizes, %hx, %params, %false, %int1, %float0, %false, %false : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>, !torch.vtensor<[1,?,3],f32>
  return %0#0 : !torch.vtensor<[?,3],f32>
}
